import { useState, type CSSProperties, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Bell,
  Building2,
  CalendarDays,
  Check,
  CircleAlert,
  Coffee,
  Inbox,
  LogOut,
  MapPin,
  Search,
  Settings,
  Ticket,
  UserRound,
  WifiOff,
} from 'lucide-react';
import { contrastRatio } from '../../../contracts/contrast';
import { schemeRoles, type SchemeRoles } from '../../../contracts/brandRoles';
import { DARK, LIGHT } from '../../../contracts/palette';
import { useNotificationsRef } from '../appContext';
import { Button } from './Button';
import { StatusChip } from './Chip';
import { Checkbox, SelectField, TextField } from './Field';
import { Icon } from './Icon';
import { Alert, Card, Spinner } from './Layout';
import { ExternalLink, Link } from './Link';
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuSwitchItem, MenuTrigger } from './Menu';
import { Modal, ModalActions } from './Modal';
import { RadioGroup } from './RadioGroup';
import { Skeleton } from './Skeleton';
import { EmptyState, ErrorState } from './States';
import { Switch } from './Switch';
import { Tabs } from './Tabs';
import { Toast } from './Toast';
import { styled, theme } from './stitches.config';

/*
 * The development kit page (/__kit): every component of the kit in every state, the demo brands' tokens, light and
 * dark. A tool for people building screens, never part of a production build (decision 060), so its words are
 * English only and not in the catalogues.
 */

const DEMO_BRANDS = [
  { name: 'Atrium (default brand)', primary: '#257BAD', secondary: '#7C7933' },
  { name: 'Harbor', primary: '#0B6E4F', secondary: '#F2A541' },
] as const;

const Main = styled('main', { maxWidth: 1200, margin: '0 auto', padding: '$6 $4 $8', color: '$text' });
const Title = styled('h1', { fontSize: '$7', lineHeight: '$tight', margin: '0 0 $2' });
const Lead = styled('p', { color: '$muted', margin: '0 0 $6', maxWidth: 720 });
const SectionBox = styled('section', { margin: '0 0 $7', '& > h2': { fontSize: '$5', margin: '0 0 $4' } });
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', alignItems: 'center', marginBottom: '$3' });
const Grid = styled('div', { display: 'grid', gap: '$4', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' });
const Label = styled('p', {
  fontSize: '$1',
  color: '$muted',
  margin: '0 0 $1',
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  fontWeight: 700,
});
const Swatch = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$2 $3',
  borderRadius: '$2',
  border: '1px solid $border',
  fontSize: '$2',
  minHeight: 44,
});
const Table = styled('table', {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: '$2',
  '& th, & td': { textAlign: 'left', padding: '$2', borderBottom: '1px solid $border', verticalAlign: 'middle' },
  '& code': { fontFamily: '$mono' },
});
const Scroll = styled('div', { overflowX: 'auto' });
const SchemePanel = styled('div', {
  padding: '$4',
  borderRadius: '$3',
  backgroundColor: '$background',
  color: '$text',
  border: '1px solid $border',
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionBox aria-labelledby={`kit-${id}`} data-testid={`kit-${id}`}>
      <h2 id={`kit-${id}`}>{title}</h2>
      {children}
    </SectionBox>
  );
}

const ratio = (a: string, b: string) => contrastRatio(a, b).toFixed(2);

/** The inline variables that give a panel a brand's roles (as theme.ts sets them on the page). */
const brandStyle = (roles: SchemeRoles) =>
  Object.fromEntries(
    Object.entries(roles).flatMap(([scheme, set]) => Object.entries(set).map(([role, value]) => [`--${scheme}-${role}`, value])),
  ) as CSSProperties;

const TEXT_ROLES = ['text', 'muted', 'neutral', 'danger', 'success', 'warning', 'control'] as const;

/** A text role as text on the surface; the control role (outlines, 3:1) as an outline around body text. */
const swatchCss = (role: (typeof TEXT_ROLES)[number]) =>
  role === 'control'
    ? { backgroundColor: '$surface', color: '$text', border: '2px solid $control' }
    : { backgroundColor: '$surface', color: `$${role}` };

export function KitPage() {
  return (
    <Main id="main">
      <Title>Atrium design kit</Title>
      <Lead>
        Every component in every state, the colour roles with their contrast, and the demo brands in light and dark. Development only: this page is
        not in production builds.
      </Lead>
      <ColourRoles />
      <Brands />
      <TypeScale />
      <Spacing />
      <Buttons />
      <Fields />
      <Links />
      <TabsDemo />
      <Chips />
      <Icons />
      <Skeletons />
      <States />
      <Menus />
      <Dialogs />
      <Toasts />
      <Schemes />
    </Main>
  );
}

function ColourRoles() {
  return (
    <Section id="colours" title="Colour roles">
      <Scroll>
        <Table>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Light</th>
              <th scope="col">on surface</th>
              <th scope="col">Dark</th>
              <th scope="col">on surface</th>
            </tr>
          </thead>
          <tbody>
            {TEXT_ROLES.map((role) => (
              <tr key={role} data-role={role}>
                <th scope="row">
                  <code>${role}</code>
                </th>
                <td>
                  <Swatch data-color-scheme="light" css={swatchCss(role)}>
                    Aa <code>{LIGHT[role]}</code>
                  </Swatch>
                </td>
                <td data-testid={`ratio-light-${role}`}>{ratio(LIGHT[role], LIGHT.surface)}:1</td>
                <td>
                  <Swatch data-color-scheme="dark" css={swatchCss(role)}>
                    Aa <code>{DARK[role]}</code>
                  </Swatch>
                </td>
                <td data-testid={`ratio-dark-${role}`}>{ratio(DARK[role], DARK.surface)}:1</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      <p>
        Text roles reach 4.5:1 (WCAG AA) on surface, background and raised in both schemes; <code>$control</code> (field outlines) reaches 3:1.
      </p>
    </Section>
  );
}

function Brands() {
  return (
    <Section id="brands" title="Brand tokens">
      <Grid>
        {DEMO_BRANDS.map((brand) => {
          const roles = schemeRoles(brand);
          return (
            <Card key={brand.name} data-testid="kit-brand" css={{ maxWidth: 'none', padding: '$4' }}>
              <h3 style={{ marginTop: 0 }}>{brand.name}</h3>
              {(['light', 'dark'] as const).map((scheme) => (
                <div key={scheme} data-color-scheme={scheme} style={brandStyle(roles)}>
                  <SchemePanel css={{ marginBottom: '$3' }}>
                    <Label>{scheme}</Label>
                    <Swatch css={{ backgroundColor: '$brand', color: '$onBrand', border: 0 }}>
                      brand {roles[scheme].brand} / on-brand {roles[scheme].onBrand}
                      <span>{ratio(roles[scheme].brand, roles[scheme].onBrand)}:1</span>
                    </Swatch>
                    <Swatch css={{ backgroundColor: '$primary', color: '$onPrimary', border: 0 }}>
                      primary {roles[scheme].primary} / on-primary {roles[scheme].onPrimary}
                      <span>{ratio(roles[scheme].primary, roles[scheme].onPrimary)}:1</span>
                    </Swatch>
                    <Swatch css={{ backgroundColor: '$surface', color: '$primary' }}>
                      primary on surface
                      <span>{ratio(roles[scheme].primary, (scheme === 'dark' ? DARK : LIGHT).surface)}:1</span>
                    </Swatch>
                    <Swatch css={{ backgroundColor: '$secondary', color: '$onSecondary', border: 0 }}>
                      secondary {roles[scheme].secondary}
                      <span>{ratio(roles[scheme].secondary, roles[scheme].onSecondary)}:1</span>
                    </Swatch>
                    <Button type="button" width="auto">
                      Primary button
                    </Button>
                  </SchemePanel>
                </div>
              ))}
            </Card>
          );
        })}
      </Grid>
    </Section>
  );
}

function TypeScale() {
  return (
    <Section id="type" title="Type scale">
      {Object.entries(theme.fontSizes).map(([step, token]) => (
        <p key={step} style={{ fontSize: token.value, margin: '0 0 8px', lineHeight: 1.2 }}>
          <code>$fontSizes${step}</code> {token.value}: Welcome to your building
        </p>
      ))}
    </Section>
  );
}

function Spacing() {
  return (
    <Section id="spacing" title="Spacing">
      {Object.entries(theme.space).map(([step, token]) => (
        <Row key={step} css={{ marginBottom: '$1' }}>
          <code style={{ width: 90 }}>$space${step}</code>
          <span style={{ display: 'inline-block', width: token.value, height: 16, background: 'var(--colors-primary)', borderRadius: 2 }} />
          <span>{token.value}</span>
        </Row>
      ))}
    </Section>
  );
}

function Buttons() {
  const variants = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const;
  return (
    <Section id="buttons" title="Buttons">
      {variants.map((variant) => (
        <Row key={variant}>
          <Button type="button" variant={variant} width="auto">
            {variant}
          </Button>
          <Button type="button" variant={variant} width="auto" disabled>
            {variant} disabled
          </Button>
          <Button type="button" variant={variant} width="auto" busy>
            {variant} busy
          </Button>
        </Row>
      ))}
      <Row>
        <Button type="button" size="sm" width="auto">
          Small
        </Button>
        <Button type="button" size="md" width="auto">
          Medium
        </Button>
        <Button type="button" size="lg" width="auto">
          Large
        </Button>
        <Button type="button" width="auto" icon={<CalendarDays size={18} aria-hidden="true" />}>
          With an icon
        </Button>
      </Row>
      <Button type="button">Full width (the default)</Button>
    </Section>
  );
}

function Fields() {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(true);
  const [on, setOn] = useState(false);
  const [choice, setChoice] = useState<'system' | 'light' | 'dark'>('system');
  return (
    <Section id="fields" title="Fields">
      <Grid>
        <div>
          <TextField label="Plain" value={text} onValueChange={setText} />
          <TextField label="With a hint" value="" onValueChange={() => {}} hint="We never share your email." />
          <TextField label="With an error" value="ada@" onValueChange={() => {}} error="Please enter a valid email" />
          <TextField label="Disabled" value="Northwind Traders" onValueChange={() => {}} disabled />
        </div>
        <div>
          <SelectField
            label="Select"
            value=""
            placeholder="Choose a building"
            options={[
              { value: 'a', label: 'One Atrium Plaza' },
              { value: 'b', label: 'Harbor Point' },
            ]}
            onValueChange={() => {}}
          />
          <Checkbox label="Checkbox" checked={checked} onCheckedChange={setChecked} />
          <Switch label="Switch" checked={on} onToggle={() => setOn(!on)} />
          <RadioGroup
            label="Radio group"
            value={choice}
            options={[
              { value: 'system', label: 'System' },
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
            onValueChange={setChoice}
          />
          <Alert>An alert (error)</Alert>
          <Alert tone="info">An alert (info)</Alert>
        </div>
      </Grid>
    </Section>
  );
}

function Links() {
  return (
    <Section id="links" title="Links">
      <Row>
        <Link to="/home">A link inside the app</Link>
        <ExternalLink href="https://example.com" newTabLabel="opens in a new tab">
          A link that leaves the app
        </ExternalLink>
        <a href="#kit-links">A plain anchor (the same style)</a>
      </Row>
    </Section>
  );
}

function TabsDemo() {
  const [tab, setTab] = useState<'profile' | 'legal' | 'settings'>('profile');
  return (
    <Section id="tabs" title="Tabs">
      <Tabs
        label="Demo tabs"
        tabs={[
          { value: 'profile', label: 'Profile' },
          { value: 'legal', label: 'Legal' },
          { value: 'settings', label: 'Settings' },
        ]}
        value={tab}
        onValueChange={setTab}
      >
        <p>The {tab} panel. Arrow keys, Home and End move between tabs.</p>
      </Tabs>
    </Section>
  );
}

function Chips() {
  return (
    <Section id="chips" title="Status chips">
      <Row>
        <StatusChip tone="neutral">Past</StatusChip>
        <StatusChip tone="success" icon={<Check aria-hidden="true" />}>
          Attending
        </StatusChip>
        <StatusChip tone="warning">Few spots left</StatusChip>
        <StatusChip tone="danger">Sold out</StatusChip>
        <StatusChip tone="brand" icon={<Ticket aria-hidden="true" />}>
          Claimed
        </StatusChip>
      </Row>
    </Section>
  );
}

function Icons() {
  const icons = { Building2, UserRound, Bell, CalendarDays, MapPin, Search, Settings, Coffee, Ticket, LogOut, Inbox, WifiOff };
  return (
    <Section id="icons" title="Icons (lucide-react)">
      <Row>
        {Object.entries(icons).map(([name, glyph]) => (
          <span key={name} style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 4, width: 88, fontSize: 12 }}>
            <Icon icon={glyph} size={24} label={name} />
            {name}
          </span>
        ))}
      </Row>
    </Section>
  );
}

function Skeletons() {
  return (
    <Section id="skeletons" title="Skeletons and spinner">
      <Row>
        <Skeleton css={{ width: 240, height: 140 }} />
        <div style={{ display: 'grid', gap: 8 }}>
          <Skeleton css={{ width: 200, height: 16 }} />
          <Skeleton css={{ width: 160, height: 16 }} />
          <Skeleton css={{ width: 120, height: 16 }} />
        </div>
        <Spinner role="progressbar" aria-label="Loading" />
      </Row>
    </Section>
  );
}

function States() {
  return (
    <Section id="states" title="Empty and error states">
      <Grid>
        <Card css={{ maxWidth: 'none', padding: 0 }}>
          <EmptyState
            icon={Inbox}
            title="Nothing here yet"
            description="Your bookings and requests will show here."
            action={<Link to="/home">Back to home</Link>}
          />
        </Card>
        <Card css={{ maxWidth: 'none', padding: 0 }}>
          <ErrorState
            icon={CircleAlert}
            title="This section could not load"
            description="Check your connection and try again."
            action={
              <Button type="button" variant="secondary" width="auto">
                Try again
              </Button>
            }
          />
        </Card>
      </Grid>
    </Section>
  );
}

function Menus() {
  const [kiosk, setKiosk] = useState(false);
  return (
    <Section id="menus" title="Menu">
      <MenuRoot>
        <MenuTrigger asChild>
          <Button type="button" variant="secondary" width="auto">
            Open the demo menu
          </Button>
        </MenuTrigger>
        <MenuContent label="Demo menu">
          <MenuItem icon={<Building2 size={18} aria-hidden="true" />} onSelect={() => {}}>
            Change building
          </MenuItem>
          <MenuItem icon={<UserRound size={18} aria-hidden="true" />} onSelect={() => {}}>
            Manage my account
          </MenuItem>
          <MenuSwitchItem checked={kiosk} onToggle={() => setKiosk(!kiosk)}>
            Kiosk mode
          </MenuSwitchItem>
          <DropdownMenu.Group>
            <MenuSeparator />
            <MenuItem icon={<LogOut size={18} aria-hidden="true" />} onSelect={() => {}}>
              Log out
            </MenuItem>
          </DropdownMenu.Group>
        </MenuContent>
      </MenuRoot>
    </Section>
  );
}

function Dialogs() {
  const [open, setOpen] = useState(false);
  return (
    <Section id="dialogs" title="Dialog (a bottom sheet below 600 px)">
      <Button type="button" variant="secondary" width="auto" onClick={() => setOpen(true)}>
        Open the demo dialog
      </Button>
      {open ? (
        <Modal title="Demo dialog" onClose={() => setOpen(false)} closeLabel="Close">
          <p style={{ margin: 0 }}>Focus stays inside while it is open; Escape, a click outside or Close end it, and focus returns to the button.</p>
          <TextField label="A field inside" value="" onValueChange={() => {}} />
          <ModalActions>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="button" onClick={() => setOpen(false)}>
              Done
            </Button>
          </ModalActions>
        </Modal>
      ) : null}
    </Section>
  );
}

function Toasts() {
  const notifications = useNotificationsRef();
  return (
    <Section id="toasts" title="Toasts">
      <Row>
        <Button
          type="button"
          variant="secondary"
          width="auto"
          onClick={() => notifications.send({ type: 'notify.show', tone: 'success', message: { text: 'Saved: a toast from the kit page.' } })}
        >
          Show a toast
        </Button>
        <Button
          type="button"
          variant="secondary"
          width="auto"
          onClick={() => notifications.send({ type: 'notify.show', tone: 'error', message: { text: 'An error stays until it is dismissed.' } })}
        >
          Show an error toast
        </Button>
      </Row>
      <div style={{ display: 'grid', gap: 8, maxWidth: 380 }}>
        <Toast tone="success" dismissLabel="Dismiss" onDismiss={() => {}}>
          Profile updated. Your changes have been saved.
        </Toast>
        <Toast tone="info" dismissLabel="Dismiss" onDismiss={() => {}}>
          A new version of the app is ready.
        </Toast>
        <Toast tone="error" dismissLabel="Dismiss" onDismiss={() => {}}>
          We could not save your changes.
        </Toast>
      </div>
    </Section>
  );
}

function Schemes() {
  return (
    <Section id="schemes" title="Light and dark">
      <Grid>
        {(['light', 'dark'] as const).map((scheme) => (
          <SchemePanel key={scheme} data-color-scheme={scheme} data-testid={`kit-scheme-${scheme}`}>
            <Label>{scheme}</Label>
            <Card css={{ maxWidth: 'none', padding: '$4' }}>
              <p style={{ marginTop: 0 }}>
                Body text on a card, with <a href="#kit-schemes">a link</a> and <span style={{ color: 'var(--colors-muted)' }}>muted text</span>.
              </p>
              <Row>
                <StatusChip tone="success">Attending</StatusChip>
                <StatusChip tone="warning">Few spots left</StatusChip>
                <StatusChip tone="danger">Sold out</StatusChip>
              </Row>
              <Button type="button">Primary</Button>
            </Card>
          </SchemePanel>
        ))}
      </Grid>
    </Section>
  );
}
