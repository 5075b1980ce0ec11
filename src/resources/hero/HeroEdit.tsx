import { Box } from '@mui/material';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { hero } from '../../../schema/areas/hero';
import { factMax } from '../../areaFacts';
import { ImageInput } from '../../components/ImageInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { saveOnlyToolbar } from '../../components/SingletonForm';
import { zodValidate } from '../../components/zodValidate';
import { HeroPreview } from './HeroPreview';
import { MultilineTextInput } from '../../components/MultilineTextInput';

// What fills a large screen without blurring: said under the image, and a smaller one is warned about.
const HERO_IMAGE_SIZE = { width: 1920, height: 1080 };

const validate = zodValidate(() => hero.schema);

// The Hero Section is the dashboard's own page (SPEC §2): the homepage's opening banner, edited in place.
export function HeroEdit() {
  return (
    <SingletonEdit resource="hero" description="The banner at the top of the homepage: the first thing every visitor sees.">
      <GuardedForm
        validate={validate}
        toolbar={saveOnlyToolbar}
      >
        <Box sx={{ display: 'grid', gap: 3, width: '100%', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 400px' } }}>
          <Box sx={{ maxWidth: 680 }}>
            <TextInput source="headline" helperText={`One strong line, up to ${factMax(hero.name, 'headline')} characters.`} />
            <MultilineTextInput source="subheadline" minRows={2} helperText={`A sentence under the headline, up to ${factMax(hero.name, 'subheadline')} characters.`} />
            <ImageInput
              source="background_image"
              recommended={HERO_IMAGE_SIZE}
              helperText={`A wide landscape photo (at least ${HERO_IMAGE_SIZE.width} × ${HERO_IMAGE_SIZE.height} px). Text sits on its lower part.`}
            />
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1.4fr)' } }}>
              <TextInput source="cta_text" helperText="e.g. View our projects. Leave empty for no button." />
              <TextInput source="cta_link" helperText="A page of the site (/projects) or a full address (https://…)." />
            </Box>
          </Box>
          <HeroPreview />
        </Box>
      </GuardedForm>
    </SingletonEdit>
  );
}
