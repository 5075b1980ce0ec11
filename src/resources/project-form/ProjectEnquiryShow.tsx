import { InboxField, InboxFieldList } from '../../components/InboxFields';
import { InboxSection, InboxShow } from '../../components/InboxShow';
import { budgetLabel, projectTypeLabel, timelineLabel } from './choices';

export function ProjectEnquiryShow() {
  return (
    <InboxShow>
      <InboxSection title="Contact">
        <InboxFieldList>
          <InboxField label="Full name" source="full_name" />
          <InboxField label="Company" source="company" />
          <InboxField label="Email" source="email" kind="email" />
          <InboxField label="Phone" source="phone" kind="tel" />
        </InboxFieldList>
      </InboxSection>
      <InboxSection title="Project">
        <InboxFieldList>
          <InboxField label="Project type" source="project_type" format={projectTypeLabel} />
          <InboxField label="Location" source="location" />
          <InboxField label="Budget" source="budget" format={budgetLabel} />
          <InboxField label="Timeline" source="timeline" format={timelineLabel} />
          <InboxField label="Project details" source="message" kind="multiline" />
        </InboxFieldList>
      </InboxSection>
    </InboxShow>
  );
}
