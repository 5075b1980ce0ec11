import { z } from 'zod';
import { defineArea, fields } from '../define';

// Figures such as "250+ projects completed", in the order set by drag and drop (issue #3).
export const counters = defineArea({
  name: 'counters',
  label: 'Counter Widgets',
  itemLabel: 'counter',
  recordLabel: 'label',
  icon: 'counters',
  group: 'website-tools',
  kind: 'collection',
  ordered: true,
  schema: () =>
    z.object({
      label: fields.text('Label', 80),
      value: fields.integer('Value', 0, 1_000_000_000),
      suffix: fields.optionalText('Suffix', 10),
      icon: fields.optionalText('Icon', 60),
      active: fields.active('Shown on the website'),
    }),
  search: ['label'],
  sort: ['label', 'value'],
  filters: ['active'],
  defaultSort: ['position', 'ASC'],
  website: { fields: ['label', 'value', 'suffix', 'icon'], equals: { active: true } },
});

export type Counter = z.infer<typeof counters.schema>;
