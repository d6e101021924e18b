import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { COMPANY_SEARCH_MAX_LENGTH } from '../../../contracts/directory';
import type { CompanyDirectoryRef } from '../../../machines/directory/companyDirectory.machine';
import {
  selectEmptyReason,
  selectNarrowed,
  selectTypeChips,
  type TypeChip as TypeChipState,
} from '../../../machines/directory/companyDirectory.selectors';
import type { Company } from '../../../machines/directory/directory.types';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { SelectField, TextField } from '../kit/Field';
import { Alert, PageContainer, Spinner } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { AreaScreen, useScreenBuilding } from '../shell/AreaScreen';
import { CompanyMark, LoadFailed, PageTitle, SkeletonTiles, TileGrid, TileLink, TileName } from './parts';

const Row = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', padding: '$3 $4' });
const Facts = styled('span', { display: 'block', color: '$muted', fontSize: '$2', marginTop: 2 });
const Footer = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '$3', minHeight: 48 });

/** The search field, the floor and the type filters: one column on a phone, a row from a tablet up. */
const Filters = styled('form', {
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'minmax(0, 1fr)',
  // The kit's fields keep a margin under them for a form; here the grid's gap spaces them.
  '& > div': { marginBottom: 0 },
  '& input, & select': { width: '100%', minWidth: 0, minHeight: 44 },
  '@tablet': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
});
const TypeGroup = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', '@tablet': { gridColumn: '1 / -1' } });
/** Labelled as the fields are: above, in the same type. */
const GroupLabel = styled('span', { fontSize: '$2', fontWeight: 600 });
const Chips = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });
/** A type filter: a toggle button, pressed while its type is chosen. */
const TypeChipButton = styled('button', {
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  // 40 px high on a phone (two rows of five types at 360 px), 44 px from a tablet up.
  minHeight: 40,
  padding: '0 $3',
  '@tablet': { minHeight: 44, padding: '0 $4' },
  borderRadius: '$round',
  border: '1px solid $control',
  backgroundColor: '$surface',
  color: '$text',
  fontSize: '$2',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$neutralSoft' },
  '&:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
  '&[aria-pressed="true"]': { backgroundColor: '$primary', borderColor: '$primary', color: '$onPrimary' },
});
const StatusRow = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '$2 $4' });
const Status = styled('p', { color: '$muted', margin: 0, minHeight: '1.5em' });

/** How far below the screen the list's end counts as near: the next page starts loading before it is reached. */
const NEAR_END_MARGIN = '0px 0px 400px 0px';

/** The catalogue's name of each company type it knows; another type shows as written. */
const TYPE_IDS = {
  tenant: 'directory.companies.type.tenant',
  retail: 'directory.companies.type.retail',
  restaurant: 'directory.companies.type.restaurant',
  service: 'directory.companies.type.service',
  property_management: 'directory.companies.type.property_management',
} as const;

function useTypeName() {
  const t = useT();
  return (type: string) => (type in TYPE_IDS ? t(TYPE_IDS[type as keyof typeof TYPE_IDS]) : type.replace(/_/g, ' '));
}

/** /building/{uuid}/companies[?company_types=a,b]: the building's company directory, searched, filtered, paged as one scrolls. */
export function CompaniesPage() {
  const buildingUuid = useScreenBuilding();
  const directory = useScreen('companyDirectory');
  return (
    <AreaScreen areas={['directory']} ready={!!buildingUuid && !!directory}>
      {() => <DirectoryScreen directory={directory!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function DirectoryScreen({ directory, buildingUuid }: { directory: CompanyDirectoryRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(directory, (s) => s.hasTag('loading'));
  const failed = useSelector(directory, (s) => s.hasTag('failed'));
  const listing = useSelector(directory, (s) => s.matches({ list: 'listing' }));
  return (
    <PageContainer>
      <PageTitle>{t('directory.companies.title')}</PageTitle>
      <DirectoryFilters directory={directory} />
      <ResultStatus directory={directory} />
      {loading ? <SkeletonTiles min="directory" count={6} /> : null}
      {failed ? <LoadFailed message={t('directory.companies.failed')} onRetry={() => directory.send({ type: 'user.retry' })} /> : null}
      {listing ? <CompanyList directory={directory} buildingUuid={buildingUuid} /> : null}
    </PageContainer>
  );
}

function DirectoryFilters({ directory }: { directory: CompanyDirectoryRef }) {
  const t = useT();
  const typeName = useTypeName();
  const query = useSelector(directory, (s) => s.context.query);
  const floor = useSelector(directory, (s) => s.context.floor);
  const floors = useSelector(directory, (s) => s.context.choices.floors);
  const chips = useSelector(directory, selectTypeChips, sameChips);
  return (
    // A search needs no submit: the list follows what is typed. Enter does nothing more.
    <Filters role="search" aria-label={t('directory.companies.searchRegion')} onSubmit={(e) => e.preventDefault()}>
      <TextField
        label={t('directory.companies.search')}
        type="search"
        value={query}
        maxLength={COMPANY_SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onValueChange={(text) => directory.send({ type: 'user.type', text })}
      />
      {floors.length || floor !== null ? (
        <SelectField
          label={t('directory.companies.floor')}
          value={floor === null ? '' : String(floor)}
          placeholder={t('directory.companies.allFloors')}
          options={floors.map((f) => ({ value: String(f), label: t('directory.companies.floorName', { floor: f }) }))}
          onValueChange={(value) => directory.send({ type: 'user.chooseFloor', floor: value === '' ? null : Number(value) })}
        />
      ) : null}
      {chips.length ? (
        <TypeGroup role="group" aria-labelledby="directory-types">
          <GroupLabel id="directory-types">{t('directory.companies.types')}</GroupLabel>
          <Chips>
            {chips.map((chip) => (
              <TypeChipButton
                key={chip.type}
                type="button"
                aria-pressed={chip.chosen}
                onClick={() => directory.send({ type: 'user.toggleType', companyType: chip.type })}
              >
                {typeName(chip.type)}
              </TypeChipButton>
            ))}
          </Chips>
        </TypeGroup>
      ) : null}
    </Filters>
  );
}

const sameChips = (a: TypeChipState[], b: TypeChipState[]) =>
  a.length === b.length && a.every((chip, i) => chip.type === b[i]!.type && chip.chosen === b[i]!.chosen);

/**
 * What the list holds, said politely to a screen reader whenever it changes: how many companies (that match), or
 * that none does; with the way to clear the search and filters while there is something to clear.
 */
function ResultStatus({ directory }: { directory: CompanyDirectoryRef }) {
  const t = useT();
  const listing = useSelector(directory, (s) => s.matches({ list: 'listing' }));
  const empty = useSelector(directory, (s) => s.hasTag('empty'));
  const total = useSelector(directory, (s) => s.context.total);
  const narrowed = useSelector(directory, selectNarrowed);
  const reason = useSelector(directory, selectEmptyReason);
  const searched = useSelector(directory, (s) => s.context.searched);
  const canClear = useSelector(directory, (s) => s.can({ type: 'user.clearFilters' }));
  const text = listing
    ? t(narrowed ? 'directory.companies.countMatching' : 'directory.companies.count', { total })
    : empty
      ? reason === 'search'
        ? t('directory.companies.noMatch', { query: searched })
        : reason === 'filters'
          ? t('directory.companies.noMatchFilters')
          : t('directory.companies.empty')
      : '';
  return (
    <StatusRow>
      <Status role="status" aria-live="polite" data-testid="directory-status">
        {text}
      </Status>
      {canClear ? (
        <Button type="button" variant={empty ? 'secondary' : 'link'} width="auto" onClick={() => directory.send({ type: 'user.clearFilters' })}>
          {t('directory.companies.clear')}
        </Button>
      ) : null}
    </StatusRow>
  );
}

function CompanyTile({ company, buildingUuid }: { company: Company; buildingUuid: string }) {
  const t = useT();
  const typeName = useTypeName();
  const facts = [
    company.floor !== null ? t('directory.companies.floorName', { floor: company.floor }) : null,
    company.company_type ? typeName(company.company_type) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <TileLink to={`/building/${buildingUuid}/companies/${company.uuid}`}>
        <Row>
          <CompanyMark name={company.name} logoUrl={company.logo_url} size="tile" />
          <span>
            <TileName css={{ padding: 0 }} data-testid="company-name">
              {company.name}
            </TileName>
            {facts ? <Facts>{facts}</Facts> : null}
          </span>
        </Row>
      </TileLink>
    </li>
  );
}

function CompanyList({ directory, buildingUuid }: { directory: CompanyDirectoryRef; buildingUuid: string }) {
  const t = useT();
  const companies = useSelector(directory, (s) => s.context.companies);
  const loadingMore = useSelector(directory, (s) => s.hasTag('loadingMore'));
  const pageFailed = useSelector(directory, (s) => s.hasTag('pageFailed'));
  const sentinel = useRef<HTMLDivElement>(null);
  // Observed afresh after each page: a sentinel still in view after a short page reports itself again.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) directory.send({ type: 'list.nearEnd' });
      },
      { rootMargin: NEAR_END_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [directory, companies.length]);
  return (
    <>
      <TileGrid min="directory" aria-label={t('directory.companies.title')}>
        {companies.map((company) => (
          <CompanyTile key={company.uuid} company={company} buildingUuid={buildingUuid} />
        ))}
      </TileGrid>
      <Footer ref={sentinel} data-testid="directory-end">
        {loadingMore ? <Spinner role="progressbar" aria-label={t('directory.companies.loadingMore')} /> : null}
        {pageFailed ? (
          <Alert role="alert" css={{ width: '100%', maxWidth: 560, display: 'flex', flexDirection: 'column', gap: '$3' }}>
            <span>{t('directory.companies.moreFailed')}</span>
            <Button type="button" variant="secondary" onClick={() => directory.send({ type: 'user.retry' })}>
              {t('directory.retry')}
            </Button>
          </Alert>
        ) : null}
      </Footer>
    </>
  );
}
