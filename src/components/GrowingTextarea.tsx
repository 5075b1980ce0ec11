import { useForkRef } from '@mui/material';
import { type ComponentType, type TextareaHTMLAttributes, forwardRef, useEffect, useRef } from 'react';

// A multi-line field's textarea that grows with its text (issue #10). MUI's own (TextareaAutosize, which every
// `multiline` TextField uses) measures itself from a layout effect: on the dashboard that forced the page's first style
// and layout inside React's commit, which put the whole commit on the way to the largest paint in Lighthouse's model
// (/dashboard's LCP 2.85-3.04 s with it, 2.59-2.66 s without, four runs each). This one leaves the sizing to the
// browser's own `field-sizing: content`; where that is not supported, it measures itself in the next animation frame,
// which is the frame's own layout, not one forced early. Between `minRows` and `maxRows` lines (past `maxRows` it
// scrolls), as MUI's did.

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

const nativeSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

function makeGrowingTextarea(minRows: number, maxRows: number | undefined) {
  // MUI's InputBase hands an input component `type`, which a textarea has no use for; `rows` is this one's own.
  const GrowingTextarea = forwardRef<HTMLTextAreaElement, TextareaProps & { type?: string }>(function GrowingTextarea(
    { type: _type, rows: _rows, style, value, ...props },
    forwardedRef,
  ) {
    const own = useRef<HTMLTextAreaElement | null>(null);
    const ref = useForkRef(forwardedRef, own);

    useEffect(() => {
      const textarea = own.current;
      if (!textarea || nativeSizing) return undefined;
      let frame = 0;
      const fit = () => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => {
          textarea.style.height = 'auto';
          // Not laid out (hidden, or a DOM without layout): leave the rows' own height.
          if (textarea.scrollHeight > 0) textarea.style.height = `${textarea.scrollHeight}px`;
        });
      };
      fit();
      window.addEventListener('resize', fit);
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('resize', fit);
      };
    }, [value]);

    return (
      <textarea
        {...props}
        value={value}
        ref={ref}
        rows={minRows}
        style={{
          fieldSizing: nativeSizing ? 'content' : undefined,
          // The input is content-box without padding (MUI's multiline input): a line is its line height.
          minHeight: `${minRows}lh`,
          maxHeight: maxRows === undefined ? undefined : `${maxRows}lh`,
          overflowY: maxRows === undefined ? 'hidden' : 'auto',
          ...style,
        }}
      />
    );
  });
  return GrowingTextarea;
}

const made = new Map<string, ComponentType<TextareaProps>>();

/** The input component of a multi-line field of `minRows` to `maxRows` lines; the same component for the same rows. */
export function growingTextarea(minRows = 1, maxRows?: number): ComponentType<TextareaProps> {
  const key = `${minRows}:${maxRows ?? ''}`;
  let component = made.get(key);
  if (!component) {
    component = makeGrowingTextarea(minRows, maxRows);
    made.set(key, component);
  }
  return component;
}
