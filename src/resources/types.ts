import type { FunctionComponent } from 'react';

// Views take no props: react-admin hands them their record through contexts.
type View = FunctionComponent;

// What a resource folder's index.ts exports as `views` (STYLE.md: one plain object per resource).
export interface ResourceViews {
  list?: View;
  create?: View;
  edit?: View;
  show?: View;
  recordRepresentation?: string;
  // How records are named in react-admin's messages (resources.<name>.name), e.g. 'Feature |||| Features'. Field
  // labels are not here: they come from the declaration (schema/labels.ts).
  labels?: { name?: string };
}
