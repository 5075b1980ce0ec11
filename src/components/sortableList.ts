// Drag-and-drop plumbing shared by SortableList (ordered areas) and GalleryInput (ordered images).
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Modifier,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';

// A small distance before a drag starts, so a click on the handle stays a click (and touch scrolling still works
// outside the handle).
export function useReorderSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What a screen reader hears on a drag handle, naming the step buttons as they are labelled. */
export const reorderInstructions = (buttons: string): ScreenReaderInstructions => ({
  draggable: `To pick up an item, press Space or Enter. Use the arrow keys to move it, then press Space or Enter again to drop it in its new place, or Escape to cancel. The ${buttons} buttons do the same one step at a time.`,
});

// A list, one item under another: its step buttons move an item up or down.
export const screenReaderInstructions = reorderInstructions('Move up and Move down');

// A grid of tiles in reading order (a gallery): its step buttons move a tile earlier or later, left or right in a row.
export const tileInstructions = reorderInstructions('Move earlier and Move later');

// What a screen reader hears while an item is dragged: its name and position, never a bare id.
export function reorderAnnouncements(
  ids: readonly UniqueIdentifier[],
  titleOf: (id: UniqueIdentifier) => string,
): Announcements {
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  const count = ids.length;
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. It is in position ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is now in position ${position(over.id)} of ${count}.` : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} was dropped in position ${position(over.id)} of ${count}.`
        : `${titleOf(active.id)} was dropped back in its place.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${titleOf(active.id)} stays in position ${position(active.id)} of ${count}.`,
  };
}

// The new order after dropping `activeId` on `overId`, or null when nothing moved.
export function orderAfterDrop<T extends UniqueIdentifier>(ids: readonly T[], activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined): T[] | null {
  if (overId === undefined || activeId === overId) return null;
  const from = ids.indexOf(activeId as T);
  const to = ids.indexOf(overId as T);
  if (from < 0 || to < 0) return null;
  return arrayMove([...ids], from, to);
}

// The new order after moving one item a step (-1 up, +1 down), or null at either end.
export function orderAfterStep<T>(ids: readonly T[], id: T, step: -1 | 1): T[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return arrayMove([...ids], from, to);
}

// A local order laid over the server's: ids that disappeared (deleted) drop out, new ones go last.
export function mergeOrder<T>(local: readonly T[] | null, server: readonly T[]): T[] {
  if (!local) return [...server];
  const present = new Set(server);
  const kept = local.filter((id) => present.has(id));
  const seen = new Set(kept);
  return [...kept, ...server.filter((id) => !seen.has(id))];
}

// Rows only move up and down (what @dnd-kit/modifiers' restrictToVerticalAxis does, without the extra package).
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

