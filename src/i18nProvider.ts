import { deepmerge } from '@mui/utils';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { LIST_COUNT_CAP } from '../schema/api';
import { areaFieldLabels } from '../schema/labels';
import { catalogue } from './notifications/catalogue';
import { resources } from './resources';

// A save's notice names what was saved where that helps ('Post created'); an area whose records have no
// name keeps react-admin's fallback (ra.notification.*). Issue #8 item 5.
function saveNotices(itemLabel: string | undefined) {
  if (!itemLabel) return {};
  const item = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);
  return { notifications: { created: `${item} created`, deleted: `${item} deleted |||| %{smart_count} entries deleted` } };
}

// Field labels come from the declarations (schema/labels.ts); a view folder only names its records.
const resourceMessages = Object.fromEntries(
  resources.map(({ name, label, labels, declaration }) => [
    name,
    { name: labels?.name ?? label, fields: areaFieldLabels(declaration), ...saveNotices(declaration.itemLabel) },
  ]),
);

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

// A list whose count stopped at the cap (issue #10) says so: "1-25 of 10,000+".
const CAPPED_TOTAL = `${LIST_COUNT_CAP.toLocaleString('en')}+`;

export const i18nProvider: typeof polyglot = {
  ...polyglot,
  translate(key, options) {
    if (key === 'ra.navigation.page_range_info' && typeof options?.total === 'number' && options.total > LIST_COUNT_CAP) {
      return polyglot.translate(key, { ...options, total: CAPPED_TOTAL });
    }
    return polyglot.translate(key, options);
  },
};
