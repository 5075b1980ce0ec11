import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SvgIconComponent } from '@mui/icons-material';
import { Grid, InputAdornment } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { contactUs } from '../../../schema/areas/contact-us';
import { fieldLabel } from '../../../schema/define';
import { SingletonEdit } from '../../components/SingletonEdit';
import { FormSection, rowButtons, saveOnlyToolbar, visibleRemoveSx } from '../../components/SingletonForm';
import { zodValidate } from '../../components/zodValidate';
import { MultilineTextInput } from '../../components/MultilineTextInput';

const validate = zodValidate(() => contactUs.schema);

// Remove buttons stay visible (see visibleRemoveSx); label and value sit side by side where there is room.
const iteratorSx = {
  ...visibleRemoveSx,
  '& .RaSimpleFormIterator-inline': { flexWrap: { xs: 'wrap', md: 'nowrap' }, columnGap: 2, width: '100%' },
};

// One repeatable list (addresses, phones, …): a label and a value per row, side by side where there is room.
// Inputs are labelled by the declaration (resources.contact-us.fields.<list>.<field>); each pair is [source, example].
interface PairListProps {
  source: string;
  // What one row is, as its buttons say it ('Add phone number', 'Remove phone number 2').
  noun: string;
  first: [string, string];
  second: [string, string?, ('email' | 'tel')?];
  multiline?: boolean;
}

function PairList({ source, noun, first, second, multiline = false }: PairListProps) {
  const SecondInput = multiline ? MultilineTextInput : TextInput;
  return (
    <ArrayInput source={source} label={false}>
      <SimpleFormIterator inline disableClear {...rowButtons(noun)} sx={iteratorSx}>
        <TextInput source={first[0]} placeholder={first[1]} helperText={false} sx={{ width: { xs: '100%', md: 200 }, flexShrink: 0 }} />
        <SecondInput
          source={second[0]}
          placeholder={second[1]}
          // inputMode, not type: type="email" would let the browser block the submit with its own bubble.
          slotProps={{ htmlInput: { inputMode: second[2] } }}
          helperText={false}
          sx={{ flex: 1, width: { xs: '100%', md: 'auto' }, minWidth: { md: 260 } }}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const SOCIAL: [string, SvgIconComponent][] = [
  ['facebook', FacebookIcon],
  ['instagram', InstagramIcon],
  ['linkedin', LinkedInIcon],
  ['x', XIcon],
  ['youtube', YouTubeIcon],
];

const adornment = (Icon: SvgIconComponent) => ({
  input: {
    startAdornment: (
      <InputAdornment position="start">
        <Icon fontSize="small" aria-hidden />
      </InputAdornment>
    ),
  },
});

export function ContactUsEdit() {
  return (
    <SingletonEdit description="How to reach the company: shown in the website's footer and on its contact page.">
      <GuardedForm validate={validate} toolbar={saveOnlyToolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960, gap: 3 }}>
        <FormSection spaceBelow={2} title={fieldLabel(contactUs, 'addresses')} description="Offices and sites, in the order the website lists them.">
          <PairList source="addresses" noun="address" first={['label', 'e.g. Head office']} second={['address']} multiline />
        </FormSection>
        <FormSection spaceBelow={2} title={fieldLabel(contactUs, 'phones')}>
          <PairList source="phones" noun="phone number" first={['label', 'e.g. Sales']} second={['number', undefined, 'tel']} />
        </FormSection>
        <FormSection spaceBelow={2} title={fieldLabel(contactUs, 'emails')}>
          <PairList source="emails" noun="email address" first={['label', 'e.g. General']} second={['email', undefined, 'email']} />
        </FormSection>
        <FormSection spaceBelow={2} title={fieldLabel(contactUs, 'opening_hours')}>
          <PairList
            source="opening_hours"
            noun="opening hours"
            first={['days', 'e.g. Mon – Fri']}
            second={['hours', 'e.g. 8:00 – 17:00']}
          />
        </FormSection>
        <FormSection spaceBelow={2} title="Map" description="A link to the office on Google Maps or OpenStreetMap.">
          <TextInput source="map_link" slotProps={adornment(MapOutlinedIcon)} helperText={false} />
        </FormSection>
        <FormSection spaceBelow={2} title="Social links" description="Leave a network empty to hide its icon on the website.">
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            {SOCIAL.map(([source, Icon]) => (
              <Grid key={source} size={{ xs: 12, sm: 6 }}>
                <TextInput source={source} placeholder="https://" slotProps={adornment(Icon)} helperText={false} />
              </Grid>
            ))}
          </Grid>
        </FormSection>
      </GuardedForm>
    </SingletonEdit>
  );
}
