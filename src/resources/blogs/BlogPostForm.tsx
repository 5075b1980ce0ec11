import { TextInput } from '../../components/declaredInputs/TextInput';
import { blogs } from '../../../schema/areas/blogs';
import { useKnownTags } from './knownTags';
import { fieldMax } from '../../../schema/define';
import { CharCountInput } from '../../components/CharCountInput';
import { ContentForm } from '../../components/ContentForm';
import { FormCard } from '../../components/FormCard';
import { ImageInput } from '../../components/ImageInput';
import { PublicationInputs } from '../../components/PublicationInputs';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { TagsInput } from '../../components/TagsInput';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => blogs.schema);
const EXCERPT_MAX = fieldMax(blogs, 'excerpt');

export function BlogPostForm({ create = false }: { create?: boolean }) {
  const knownTags = useKnownTags();
  return (
    <ContentForm
      validate={validate}
      create={create}
      main={
        <>
          <FormCard title="Post">
            <TextInput source="title" fullWidth helperText="The headline readers see first" />
            <SlugInput basePath="/blog/" />
            {/* Counted, never cut: text pasted past the limit is kept and shown as too long, as in the other fields
                (a hard maxLength kept 300 of 350 pasted characters without a word). */}
            <CharCountInput source="excerpt" max={EXCERPT_MAX} multiline minRows={2} helperText="Shown in the blog list and in search results" />
            <RichTextInput source="content" helperText="Use headings to structure long posts." />
          </FormCard>
        </>
      }
      side={
        <>
          <FormCard title="Publishing">
            <PublicationInputs area={blogs} />
            <TextInput source="author" fullWidth helperText="Name shown under the title" />
          </FormCard>
          <FormCard title="In lists and search">
            <ImageInput source="cover_image" helperText="Wide images (16:9) look best" />
            <TagsInput source="tags" suggestions={knownTags} helperText="Press Enter or type a comma after each tag" />
          </FormCard>
        </>
      }
    />
  );
}
