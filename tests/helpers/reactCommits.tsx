// Which components rendered in each React commit of a tree, read from React's own fibers (development build, as the
// component tests run): a render that changes nothing on screen is invisible to the DOM but costs a slow phone's CPU
// (issue #10). A component counts as rendered in a commit when it is new or React performed work on it; subtrees
// React reused untouched are not walked.
import { Profiler, type ReactNode } from 'react';

interface Fiber {
  type: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
}

// React's PerformedWork flag (ReactFiberFlags): set on a component whose function ran in this render.
const PERFORMED_WORK = 1;

function nameOf(type: unknown): string | undefined {
  if (typeof type === 'function') return (type as { displayName?: string; name?: string }).displayName ?? type.name;
  if (type && typeof type === 'object') {
    const { displayName, render, type: inner } = type as { displayName?: string; render?: unknown; type?: unknown };
    return displayName ?? nameOf(render) ?? nameOf(inner);
  }
  return undefined;
}

function renderedIn(first: Fiber | null, into: string[]) {
  for (let fiber = first; fiber; fiber = fiber.sibling) {
    const name = nameOf(fiber.type);
    if (name && (!fiber.alternate || fiber.flags & PERFORMED_WORK)) into.push(name);
    if (fiber.child && fiber.alternate?.child !== fiber.child) renderedIn(fiber.child, into);
  }
}

/**
 * Wraps a tree so that every commit of it is recorded: `commits[i]` lists the components rendered in commit i, in
 * tree order. `container` is the element the tree is rendered into.
 */
export function recordCommits(container: () => HTMLElement) {
  const commits: string[][] = [];
  const onRender = () => {
    const key = Object.keys(container()).find((name) => name.startsWith('__reactContainer$'));
    const hostRoot = key ? ((container() as unknown as Record<string, Fiber>)[key] ?? null) : null;
    const root = (hostRoot as unknown as { stateNode?: { current: Fiber } } | null)?.stateNode?.current;
    const rendered: string[] = [];
    if (root) renderedIn(root.child, rendered);
    commits.push(rendered);
  };
  const Recorded = ({ children }: { children: ReactNode }) => (
    <Profiler id="recorded" onRender={onRender}>
      {children}
    </Profiler>
  );
  /** How many commits rendered the named component. */
  const rendersOf = (name: string) => commits.filter((rendered) => rendered.includes(name)).length;
  return { Recorded, commits, rendersOf };
}
