import { ReferenceField } from 'react-admin';
import { DownloadDocumentButton } from '../../components/DownloadDocumentButton';
import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';

export function JobApplicationShow() {
  return (
    <InboxShow>
      <InboxSection title="Application">
        <InboxFieldList>
          <InboxField label="Full name" source="full_name" />
          <InboxField label="Job posting">
            <ReferenceField source="career_id" reference="careers" emptyText="General application (no posting)" />
          </InboxField>
          <InboxField label="Email" source="email" kind="email" />
          <InboxField label="Phone" source="phone" kind="tel" />
          <InboxField label="Cover letter" source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
      <InboxSection title="CV">
        <DownloadDocumentButton source="cv" label="Download CV" />
      </InboxSection>
    </InboxShow>
  );
}
