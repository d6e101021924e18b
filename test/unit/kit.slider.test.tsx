import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Slider } from '../../src/ui/kit/Slider';
import { Tabs } from '../../src/ui/kit/Tabs';

afterEach(cleanup);

describe('Slider', () => {
  it('is a role=slider with its value and range, and commits a step, a page or an end per key', () => {
    const onCommit = vi.fn();
    render(<Slider label="Brightness" value={50} min={0} max={100} valueText={(v) => `${v}%`} onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: 'Brightness' });
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax'), slider.getAttribute('aria-valuenow')]).toEqual([
      '0',
      '100',
      '50',
    ]);
    expect(slider.getAttribute('aria-valuetext')).toBe('50%');
    for (const key of ['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']) fireEvent.keyDown(slider, { key });
    expect(onCommit.mock.calls.map(([v]) => v)).toEqual([51, 51, 49, 49, 60, 40, 0, 100]);
  });

  it('commits nothing for a key that does not move it, or when disabled', () => {
    const onCommit = vi.fn();
    const { rerender } = render(<Slider label="Brightness" value={100} min={0} max={100} onCommit={onCommit} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Enter' });
    rerender(<Slider label="Brightness" value={50} min={0} max={100} disabled onCommit={onCommit} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Home' });
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('Tabs with a disabled tab', () => {
  it('shows it disabled and the arrow keys pass over it', () => {
    const onValueChange = vi.fn();
    render(
      <Tabs
        label="Controls"
        value="a"
        onValueChange={onValueChange}
        tabs={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B', disabled: true },
          { value: 'c', label: 'C' },
        ]}
      >
        panel
      </Tabs>,
    );
    expect((screen.getByRole('tab', { name: 'B' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(onValueChange).toHaveBeenCalledWith('c');
  });
});
