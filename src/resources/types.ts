import type { FunctionComponent } from 'react';

// Views take no props: react-admin hands them their record through contexts.
export type View = FunctionComponent;

// Loads one view's module on demand, so that the bundler makes it a chunk of its own (issue #10).
export type ViewLoader = () => Promise<View>;

// A screen as a folder declares it: a component at hand (the dashboard's own), or `{ load }`, whose module loads
// when the screen is first shown or prefetched (./lazyViews.ts).
export type Screen = View | { load: ViewLoader };

// What a resource folder's index.ts exports as `views` (STYLE.md: one plain object per resource). It is small and
// ships with the console; the screens it points at do not.
export interface ResourceViews {
  list?: Screen;
  create?: Screen;
  edit?: Screen;
  show?: Screen;
  recordRepresentation?: string;
  // How records are named in react-admin's messages (resources.<name>.name), e.g. 'Feature |||| Features'. Field
  // labels are not here: they come from the declaration (schema/labels.ts).
  labels?: { name?: string };
}
