import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';
import { budgetLabel, projectTypeLabel, timelineLabel } from './choices';

export function ProjectEnquiryShow() {
  return (
    <InboxShow>
      <InboxSection title="Contact">
        <InboxFieldList>
          <InboxField source="full_name" />
          <InboxField source="company" />
          <InboxField source="email" kind="email" />
          <InboxField source="phone" kind="tel" />
        </InboxFieldList>
      </InboxSection>
      <InboxSection title="Project">
        <InboxFieldList>
          <InboxField source="project_type" format={projectTypeLabel} />
          <InboxField source="location" />
          <InboxField source="budget" format={budgetLabel} />
          <InboxField source="timeline" format={timelineLabel} />
          <InboxField source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
    </InboxShow>
  );
}
