import { describe, expect, it } from 'vitest';
import { shownWidget, WIDGET_SANDBOX } from '../../machines/home/embeddedWidget';

const WIDGET = { url: 'https://widgets.example.com/transit', title: 'Next trains' };

describe('the embedded third-party widget on the home (decision 203)', () => {
  it.each([
    [WIDGET, true, false, WIDGET],
    [WIDGET, false, false, null],
    [WIDGET, true, true, null],
    [null, true, false, null],
  ] as const)('widget %o, flag %s, lobby %s → %o', (widget, flagOn, lobby, shown) => {
    expect(shownWidget(widget, { flagOn, lobby })).toEqual(shown);
  });

  it('sandboxes the frame without an origin of its own: scripts and new tabs, never the app’s storage or page', () => {
    const tokens = WIDGET_SANDBOX.split(' ');
    expect(tokens).toContain('allow-scripts');
    expect(tokens).not.toContain('allow-same-origin');
    expect(tokens).not.toContain('allow-top-navigation');
  });
});
