import { careersForm } from '../../../schema/areas/careers-form';
import { DeclaredReferenceField } from '../../components/DeclaredReferenceField';
import { DownloadDocumentButton } from '../../components/DownloadDocumentButton';
import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';

export function JobApplicationShow() {
  return (
    <InboxShow>
      <InboxSection title="Application">
        <InboxFieldList>
          <InboxField source="full_name" />
          <InboxField source="career_id">
            <DeclaredReferenceField area={careersForm} source="career_id" emptyText="General application (no posting)" />
          </InboxField>
          <InboxField source="email" kind="email" />
          <InboxField source="phone" kind="tel" />
          <InboxField source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
      <InboxSection title="CV">
        <DownloadDocumentButton source="cv" label="Download CV" />
      </InboxSection>
    </InboxShow>
  );
}
