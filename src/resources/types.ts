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
  // English labels, merged into the i18n messages as resources.<name>.name / resources.<name>.fields.<field>.
  labels?: { name?: string; fields?: Record<string, string> };
}
