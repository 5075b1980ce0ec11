import { deepmerge } from '@mui/utils';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { areaFieldLabels } from '../schema/labels';
import { catalogue } from './notifications/catalogue';
import { resources } from './resources';

// Field labels come from the declarations (schema/labels.ts); a view folder only names its records.
const resourceMessages = Object.fromEntries(
  resources.map(({ name, label, labels, declaration }) => [name, { name: labels?.name ?? label, fields: areaFieldLabels(declaration) }]),
);

// react-admin's own notices speak with the catalogue's words (SPEC §8) where the two overlap.
const overrides = {
  resources: resourceMessages,
  ra: {
    message: { invalid_form: catalogue.formValidation.message },
    notification: {
      // Administrators think in changes and entries, not "elements".
      updated: 'Changes saved |||| %{smart_count} entries updated',
      created: 'Entry created',
      deleted: 'Entry deleted |||| %{smart_count} entries deleted',
      item_doesnt_exist: 'This entry does not exist (it may have been deleted)',
      http_error: catalogue.error.message,
      not_authorized: catalogue.unauthorized.message,
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => deepmerge(englishMessages, overrides), 'en', [
  { locale: 'en', name: 'English' },
]);
