import { Stack, Typography } from '@mui/material';
import { FormDataConsumer } from 'react-admin';
import { DateTimeInput } from './declaredInputs/DateInputs';
import { RadioButtonGroupInput } from './declaredInputs/RadioButtonGroupInput';
import { fieldDefault, type AreaDeclaration } from '../../schema/define';
import { choicesOf } from '../../schema/labels';
import { publicationFieldsOf } from './publication';
import { PublicationChip } from './PublicationChip';
import { toInstant } from './toInstant';
import { normalizeDate } from '../../schema/dates';

/** Empty (publish at once) or a date the API takes. */
const isDate = (value: unknown) => value === null || value === undefined || value === '' || (typeof value === 'string' && normalizeDate(value) !== null);

// The publication choice and publish time of an area the website shows (blog posts, projects, job postings): the
// fields its `website.publication` names, labelled, offered and defaulted by its declaration.
export function PublicationInputs({ area }: { area: AreaDeclaration }) {
  const fields = publicationFieldsOf(area);
  return (
    <>
      <RadioButtonGroupInput
        source={fields.status}
        choices={choicesOf(area, fields.status)}
        defaultValue={fieldDefault(area, fields.status) as string}
        helperText={false}
      />
      <DateTimeInput
        source={fields.at}
        parse={toInstant}
        fullWidth
        helperText="Leave empty to publish at once; a future time schedules it."
      />
      <FormDataConsumer>
        {({ formData }) => (
          <Stack direction="row" role="status" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5, mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              With these settings, right now:
            </Typography>
            {isDate(formData[fields.at]) ? (
              <PublicationChip area={area} record={formData} date="beside" />
            ) : (
              // A year of five digits, or a day without its time: neither now nor later, and not saved as either.
              <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
                not known: the publish date is not a whole, valid date
              </Typography>
            )}
          </Stack>
        )}
      </FormDataConsumer>
    </>
  );
}
