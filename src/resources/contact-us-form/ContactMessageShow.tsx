import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';

export function ContactMessageShow() {
  return (
    <InboxShow>
      <InboxSection title="Message">
        <InboxFieldList>
          <InboxField source="full_name" />
          <InboxField source="subject" />
          <InboxField source="email" kind="email" />
          <InboxField source="phone" kind="tel" />
          <InboxField source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
    </InboxShow>
  );
}
