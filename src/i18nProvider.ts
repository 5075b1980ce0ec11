import { deepmerge } from '@mui/utils';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { LIST_COUNT_CAP } from '../schema/api';
import { factLabel } from './areaFacts';
import { catalogue } from './notifications/catalogue';
import { auditLog, resources } from './resources';

/** A name as it reads inside a sentence: 'Blog posts' → 'blog posts', 'Hero Section' → 'hero section'; an acronym stays ('SEO entries'). */
const inSentence = (name: string): string =>
  name.replace(/(?<![\p{L}\p{N}])(\p{Lu})(?=\p{Ll})/gu, (first: string) => first.toLowerCase());

// A save's notice names what was saved where that helps ('Post created', '3 blog posts deleted'); an area whose
// records have no name keeps react-admin's fallback (ra.notification.*). Issue #8 item 5.
function saveNotices(itemLabel: string | undefined, name: string) {
  const [, plural] = name.split(' |||| ');
  const many = plural === undefined ? '' : ` |||| %{smart_count} ${inSentence(plural)} deleted`;
  if (!itemLabel) return many ? { notifications: { deleted: `Entry deleted${many}` } } : {};
  const item = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);
  return { notifications: { created: `${item} created`, deleted: `${item} deleted${many || ' |||| %{smart_count} entries deleted'}` } };
}

// A view folder names its records; the menu title otherwise.
const resourceMessages = {
  ...Object.fromEntries(
    resources.map(({ name, label, labels, declaration }) => {
      const recordsName = labels?.name ?? label;
      return [name, { name: recordsName, ...saveNotices(declaration.itemLabel, recordsName) }];
    }),
  ),
  [auditLog.name]: { name: auditLog.labels?.name ?? auditLog.label },
};

// react-admin's messages that name an area's records inside a sentence ('No %{name} found', 'Delete %{name} …'),
// where the name, capitalised to head a page ('Blog posts', 'Hero Section'), reads in lower case.
const NAME_IN_SENTENCE = new Set([
  'ra.page.create',
  'ra.page.empty',
  'ra.message.bulk_delete_content',
  'ra.message.bulk_delete_title',
  'ra.message.bulk_update_content',
  'ra.message.bulk_update_title',
  'ra.message.delete_content',
  'ra.message.delete_title',
  'ra.navigation.no_filtered_results',
  'ra.navigation.no_results',
]);


// Field labels (resources.<area>.fields.<field>) come from the declarations (schema/labels.ts), through the areas'
// facts (src/areaFacts.ts): worked out at build time, so that no schema is built for a label (issue #10).
const FIELD_KEY = /^resources\.([^.]+)\.fields\.(.+)$/;

function fieldLabelFor(key: string): string | undefined {
  const [, area = '', field = ''] = FIELD_KEY.exec(key) ?? [];
  return factLabel(area, field);
}

// react-admin's own notices speak with the catalogue's words (SPEC §8) where the two overlap.
const overrides = {
  resources: resourceMessages,
  ra: {
    message: { invalid_form: catalogue.formValidation.message },
    notification: {
      // Administrators think in changes and entries, not "elements".
      updated: 'Changes saved |||| %{smart_count} entries updated',
      // SPEC §8's generic success words, for a record without a name of its own.
      created: catalogue.success.message,
      deleted: 'Entry deleted |||| %{smart_count} entries deleted',
      item_doesnt_exist: 'This entry does not exist (it may have been deleted)',
      http_error: catalogue.error.message,
      not_authorized: catalogue.unauthorized.message,
    },
  },
};

const polyglot = polyglotI18nProvider(() => deepmerge(englishMessages, overrides), 'en', [{ locale: 'en', name: 'English' }]);

// A list whose count stopped at the cap (issue #10) says so: "1-25 of 10,000+"; paged past the cap, "at least what
// was seen": "19,726-19,750 of 19,750+" (src/dataProvider.ts counts one past a full page).
const cappedTotal = (total: number) => `${Math.max(LIST_COUNT_CAP, total - 1).toLocaleString('en')}+`;

export const i18nProvider: typeof polyglot = {
  ...polyglot,
  translate(key, options) {
    const label = fieldLabelFor(key);
    if (label !== undefined) return label;
    if (key === 'ra.navigation.page_range_info' && typeof options?.total === 'number' && options.total > LIST_COUNT_CAP) {
      return polyglot.translate(key, { ...options, total: cappedTotal(options.total) });
    }
    if (NAME_IN_SENTENCE.has(key) && typeof options?.name === 'string') {
      return polyglot.translate(key, { ...options, name: inSentence(options.name) });
    }
    return polyglot.translate(key, options);
  },
};
