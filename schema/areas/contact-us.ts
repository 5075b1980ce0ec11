import { z } from 'zod';
import { defineArea, fields } from '../define';

// How to reach the company, shown in the website's footer and contact page. Each list keeps its order.
export const contactUs = defineArea({
  name: 'contact-us',
  label: 'Contact Information',
  icon: 'contact',
  group: 'communications',
  kind: 'singleton',
  schema: () =>
    z.object({
      addresses: fields.objects(
        'Addresses',
        { label: fields.text('Label', 60), address: fields.text('Address', 300, { multiline: true }) },
        10,
      ),
      phones: fields.objects('Phone numbers', { label: fields.text('Label', 60), number: fields.text('Phone number', 40) }, 10),
      emails: fields.objects('Email addresses', { label: fields.text('Label', 60), email: fields.email('Email') }, 10),
      opening_hours: fields.objects(
        'Opening hours',
        { days: fields.text('Days', 60), hours: fields.text('Hours', 60) },
        10,
      ),
      map_link: fields.url('Map link'),
      facebook: fields.url('Facebook'),
      instagram: fields.url('Instagram'),
      linkedin: fields.url('LinkedIn'),
      x: fields.url('X (Twitter)'),
      youtube: fields.url('YouTube'),
    }),
  website: {
    fields: ['addresses', 'phones', 'emails', 'opening_hours', 'map_link', 'facebook', 'instagram', 'linkedin', 'x', 'youtube'],
  },
});

export type ContactInformation = z.infer<typeof contactUs.schema>;
