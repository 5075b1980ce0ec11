import { Box } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { partners } from '../../../schema/areas/partners';
import { fieldDefault } from '../../../schema/define';
import { ImageInput } from '../../components/ImageInput';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => partners.schema);

export function PartnerForm() {
  return (
    <GuardedForm validate={validate}>
      <Box sx={{ width: '100%', maxWidth: 640 }}>
        <TextInput source="name" helperText="The company's name; also the logo's text alternative on the website." />
        <ImageInput
          source="logo"
          helperText="A PNG or WebP with a transparent background looks best on the homepage's logo strip."
        />
        <TextInput
          source="website"
          // Not type="url": the browser's validation bubble would pre-empt the schema's message (and refuse /paths).
          slotProps={{ htmlInput: { inputMode: 'url' } }}
          helperText="Where the logo links to, e.g. https://partner.example.com. Leave empty for no link."
        />
        <BooleanInput source="active" defaultValue={fieldDefault(partners, 'active')} helperText="Hidden partners stay here but are not shown on the website." />
      </Box>
    </GuardedForm>
  );
}
