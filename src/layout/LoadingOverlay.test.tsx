import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inFlight } from '../inFlight';
import { LoadingOverlay, OVERLAY_DELAY_MS } from './LoadingOverlay';

const begin = () => act(() => inFlight.begin());
const end = () => act(() => inFlight.end());
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const overlay = () => document.querySelector('.loading-overlay');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // inFlight is module state shared by every test: leave it idle.
  act(() => {
    while (inFlight.getSnapshot() > 0) inFlight.end();
  });
  vi.useRealTimers();
});

describe('LoadingOverlay (SPEC §1/§4)', () => {
  it('waits 200 ms before showing', () => {
    expect(OVERLAY_DELAY_MS).toBe(200);
  });

  it('shows nothing while idle but keeps its live region mounted', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(overlay()).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('never flashes for a 150 ms request', () => {
    render(<LoadingOverlay />);
    begin();
    wait(150);
    end();
    wait(1000);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(overlay()).toBeNull();
  });

  it('shows after 200 ms of continuous loading, not before', () => {
    render(<LoadingOverlay />);
    begin();
    wait(199);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    wait(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(overlay()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(overlay()?.querySelector('.loading-overlay__loader')).toHaveAttribute('aria-hidden', 'true');
  });

  it('hides as soon as the last request finishes', () => {
    render(<LoadingOverlay />);
    begin();
    begin();
    wait(OVERLAY_DELAY_MS);
    end();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    end();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(overlay()).toBeNull();
  });

  it('starts the delay again after an idle moment', () => {
    render(<LoadingOverlay />);
    begin();
    wait(100);
    end();
    wait(50);
    begin();
    wait(150);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    wait(50);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows again for a later long request', () => {
    render(<LoadingOverlay />);
    begin();
    wait(OVERLAY_DELAY_MS);
    end();
    begin();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    wait(OVERLAY_DELAY_MS);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});
