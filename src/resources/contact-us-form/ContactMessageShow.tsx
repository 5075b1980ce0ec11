import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';

export function ContactMessageShow() {
  return (
    <InboxShow>
      <InboxSection title="Message">
        <InboxFieldList>
          <InboxField label="Full name" source="full_name" />
          <InboxField label="Subject" source="subject" />
          <InboxField label="Email" source="email" kind="email" />
          <InboxField label="Phone" source="phone" kind="tel" />
          <InboxField label="Message" source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
    </InboxShow>
  );
}
