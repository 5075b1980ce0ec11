import { z } from 'zod';
import { defineArea, fields } from '../define';

// Messages sent from the website's contact page (what its form submits); administrators read and triage them.
export const contactUsForm = defineArea({
  name: 'contact-us-form',
  label: 'Contact Form',
  recordLabel: 'full_name',
  icon: 'contactForm',
  group: 'forms',
  kind: 'inbox',
  schema: () =>
    z.object({
      full_name: fields.text('Full name', 120),
      email: fields.email('Email'),
      phone: fields.optionalText('Phone', 40),
      subject: fields.text('Subject', 200),
      message: fields.text('Message', 5000, { multiline: true }),
    }),
  search: ['full_name', 'email', 'subject', 'message'],
  sort: ['full_name', 'subject'],
  defaultSort: ['created_at', 'DESC'],
});

export type ContactMessage = z.infer<typeof contactUsForm.schema>;
