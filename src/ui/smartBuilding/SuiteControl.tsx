import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Lightbulb, LightbulbOff, Lock, Minus, Plus, SearchX } from 'lucide-react';
import type { SuiteControlRef } from '../../../machines/smartBuilding/suiteControl.machine';
import { capabilities, lightingLevel, temperatureLimits, temperatureShown } from '../../../machines/smartBuilding/suiteControl.selectors';
import { LIGHTING_MAX, LIGHTING_MIN, shownControl } from '../../../machines/smartBuilding/smartBuilding.rules';
import type { ControlType, TemperatureUnit } from '../../../machines/smartBuilding/smartBuilding.types';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/States';
import { Slider } from '../kit/Slider';
import { Switch } from '../kit/Switch';
import { Tabs } from '../kit/Tabs';
import { styled } from '../kit/stitches.config';
import { ScreenLoading } from '../shell/AreaScreen';
import { LoadFailed, SystemUnavailable, Title } from './parts';

const Panel = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: '$4',
  padding: '$5 $4',
  borderRadius: '$3',
  backgroundColor: '$surface',
  boxShadow: '$card',
});
const Reading = styled('p', {
  margin: 0,
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: '$2',
  fontSize: '$7',
  fontWeight: 700,
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
  '&[data-pending="true"] > span:first-child': { opacity: 0.6 },
});
/** The pending mark: the shown value is asked for and not yet confirmed. */
const Pending = styled('span', { fontSize: '$2', fontWeight: 600, color: '$muted' });
const Row = styled('div', { display: 'flex', gap: '$3', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' });
const Muted = styled('p', { margin: 0, color: '$muted', textAlign: 'center' });
const Bulb = styled('button', {
  appearance: 'none',
  alignSelf: 'center',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 88,
  height: 88,
  borderRadius: '$round',
  border: '2px solid $border',
  backgroundColor: '$surface',
  color: '$muted',
  cursor: 'pointer',
  '&[aria-pressed="true"]': { color: '$primary', borderColor: '$primary' },
  '&:focus-visible': { outline: '3px solid $primary', outlineOffset: 2 },
});

/** A lighting level as the person's language writes a percentage. */
function usePercent() {
  const intl = useIntl();
  return (level: number) => intl.formatNumber(level / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** A temperature with its unit symbol, the number as the person's language writes it. */
function useTemperature() {
  const intl = useIntl();
  return (value: number, unit: TemperatureUnit) => `${intl.formatNumber(value, { maximumFractionDigits: 1 })} °${unit}`;
}

export interface SuiteControlViewProps {
  control: SuiteControlRef;
  /** The control the address asks for (`.../control/lighting`), or null for the suite's default. */
  requested: ControlType | null;
  /** A tab was chosen: the page moves to its fixed path. */
  onSelectControl: (control: ControlType) => void;
}

/** A suite's control: loading, failure, not found, 'System not available', or its lighting and temperature tabs. */
export function SuiteControlView({ control, requested, onSelectControl }: SuiteControlViewProps) {
  const t = useT();
  const loading = useSelector(control, (s) => s.hasTag('loading'));
  const failed = useSelector(control, (s) => s.hasTag('failed'));
  const notFound = useSelector(control, (s) => s.hasTag('notFound'));
  const unavailable = useSelector(control, (s) => s.hasTag('unavailable'));
  const ready = useSelector(control, (s) => s.hasTag('ready'));
  const readOnly = useSelector(control, (s) => s.hasTag('readOnly'));
  const suite = useSelector(control, (s) => s.context.suite);
  const email = useSelector(control, (s) => s.context.helpDeskEmail);
  const can = useSelector(control, capabilities);
  const shown = suite ? shownControl(suite, requested) : null;
  return (
    <>
      <Title tabIndex={-1}>{suite?.navName ?? t('smartBuilding.title')}</Title>
      {loading ? <ScreenLoading /> : null}
      {failed ? <LoadFailed onRetry={() => control.send({ type: 'user.retry' })} /> : null}
      {notFound ? <EmptyState icon={SearchX} title={t('smartBuilding.suite.notFound')} /> : null}
      {unavailable && suite ? <SystemUnavailable email={email} about={suite.navName} /> : null}
      {readOnly ? <ReadOnlySuite control={control} /> : null}
      {ready && shown ? (
        <Tabs
          label={t('smartBuilding.controls')}
          value={shown}
          onValueChange={onSelectControl}
          tabs={[
            { value: 'lighting', label: t('smartBuilding.tab.lighting'), disabled: !can.lighting },
            { value: 'temperature', label: t('smartBuilding.tab.temperature'), disabled: !can.temperature },
          ]}
        >
          {shown === 'lighting' ? <LightingPanel control={control} /> : <TemperaturePanel control={control} />}
        </Tabs>
      ) : null}
    </>
  );
}

function LightingPanel({ control }: { control: SuiteControlRef }) {
  const t = useT();
  const percent = usePercent();
  const level = useSelector(control, lightingLevel);
  const pending = useSelector(control, (s) => s.hasTag('lightingPending'));
  const on = level > LIGHTING_MIN;
  const toggle = () => control.send({ type: 'user.toggleLighting' });
  const Glyph = on ? Lightbulb : LightbulbOff;
  return (
    <Panel data-testid="lighting-panel">
      <Bulb
        type="button"
        aria-pressed={on}
        aria-label={on ? t('smartBuilding.lighting.turnOff') : t('smartBuilding.lighting.turnOn')}
        onClick={toggle}
      >
        <Glyph size={44} aria-hidden="true" />
      </Bulb>
      <Reading data-pending={pending} data-testid="lighting-level" aria-live="polite">
        <span>{percent(level)}</span>
        {pending ? <Pending>{t('smartBuilding.pending')}</Pending> : null}
      </Reading>
      <Switch label={t('smartBuilding.lighting.switch')} checked={on} onToggle={toggle} />
      <Slider
        label={t('smartBuilding.lighting.level')}
        value={level}
        min={LIGHTING_MIN}
        max={LIGHTING_MAX}
        step={1}
        valueText={percent}
        onCommit={(value) => control.send({ type: 'user.setLighting', value })}
      />
    </Panel>
  );
}

const Note = styled('p', {
  margin: 0,
  display: 'flex',
  gap: '$2',
  alignItems: 'flex-start',
  color: '$muted',
  '& svg': { flexShrink: 0, marginTop: 2 },
});
const Readings = styled('dl', {
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '$4',
  textAlign: 'center',
  '& dt': { color: '$muted', fontWeight: 600 },
  '& dd': { margin: 0, fontSize: '$7', fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
});

/** Another company's suite (decision 144): what it is set to, and why nothing here changes it. */
function ReadOnlySuite({ control }: { control: SuiteControlRef }) {
  const t = useT();
  const percent = usePercent();
  const degrees = useTemperature();
  const can = useSelector(control, capabilities);
  const level = useSelector(control, lightingLevel);
  const value = useSelector(control, temperatureShown);
  const unit = useSelector(control, (s) => s.context.unit);
  return (
    <Panel data-testid="read-only-suite">
      <Note>
        <Lock size={20} aria-hidden="true" />
        <span>{t('smartBuilding.suite.readOnly')}</span>
      </Note>
      <Readings>
        {can.lighting ? (
          <div>
            <dt>{t('smartBuilding.tab.lighting')}</dt>
            <dd data-testid="lighting-level">{percent(level)}</dd>
          </div>
        ) : null}
        {can.temperature ? (
          <div>
            <dt>{t('smartBuilding.tab.temperature')}</dt>
            <dd data-testid="temperature-value">{degrees(value, unit)}</dd>
          </div>
        ) : null}
      </Readings>
    </Panel>
  );
}

const UNITS: TemperatureUnit[] = ['F', 'C'];

function TemperaturePanel({ control }: { control: SuiteControlRef }) {
  const t = useT();
  const degrees = useTemperature();
  const value = useSelector(control, temperatureShown);
  const unit = useSelector(control, (s) => s.context.unit);
  const limits = useSelector(control, temperatureLimits);
  const pending = useSelector(control, (s) => s.hasTag('temperaturePending'));
  const equipment = useSelector(control, (s) => s.context.suite?.temp_equipment_name ?? '');
  const canCool = useSelector(control, (s) => s.can({ type: 'user.cooler' }));
  const canWarm = useSelector(control, (s) => s.can({ type: 'user.warmer' }));
  return (
    <Panel data-testid="temperature-panel">
      <Reading data-pending={pending} data-testid="temperature-value" aria-live="polite">
        <span>{degrees(value, unit)}</span>
        {pending ? <Pending>{t('smartBuilding.pending')}</Pending> : null}
      </Reading>
      <Muted>{t('smartBuilding.temperature.limits', { min: degrees(limits.min, unit), max: degrees(limits.max, unit) })}</Muted>
      <Row>
        <Button
          type="button"
          width="auto"
          variant="secondary"
          icon={<Minus size={20} aria-hidden="true" />}
          disabled={!canCool}
          onClick={() => control.send({ type: 'user.cooler' })}
        >
          {t('smartBuilding.temperature.cooler')}
        </Button>
        <Button
          type="button"
          width="auto"
          variant="secondary"
          icon={<Plus size={20} aria-hidden="true" />}
          disabled={!canWarm}
          onClick={() => control.send({ type: 'user.warmer' })}
        >
          {t('smartBuilding.temperature.warmer')}
        </Button>
      </Row>
      <Row role="group" aria-label={t('smartBuilding.temperature.unit')}>
        {UNITS.map((u) => (
          <Button
            key={u}
            type="button"
            size="sm"
            width="auto"
            variant={u === unit ? 'primary' : 'ghost'}
            aria-pressed={u === unit}
            onClick={() => control.send({ type: 'user.setUnit', unit: u })}
          >
            {`°${u}`}
          </Button>
        ))}
      </Row>
      {equipment ? <Muted>{t('smartBuilding.temperature.equipment', { name: equipment })}</Muted> : null}
    </Panel>
  );
}
