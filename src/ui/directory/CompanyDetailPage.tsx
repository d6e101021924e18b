import { Link } from '../kit/Link';
import { useSelector } from '@xstate/react';
import type { CompanyDetailRef } from '../../../machines/directory/companyDetail.machine';
import type { Company } from '../../../machines/directory/directory.types';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, Page } from '../kit/Layout';
import { RichText } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading, useScreenBuilding } from '../shell/AreaScreen';
import { CompanyMark, LoadFailed, NotFound } from './parts';

const Article = styled(Card, { maxWidth: 720, display: 'flex', flexDirection: 'column', gap: '$4' });
const Header = styled('div', { display: 'flex', alignItems: 'center', gap: '$4' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });

/** /building/{uuid}/companies/{companyUuid}: a company of the directory, with its Website button. */
export function CompanyDetailPage() {
  const buildingUuid = useScreenBuilding();
  const detail = useScreen('companyDetail');
  return (
    <AreaScreen areas={['directory']} ready={!!buildingUuid && !!detail}>
      {() => <CompanyScreen detail={detail!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function CompanyScreen({ detail, buildingUuid }: { detail: CompanyDetailRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(detail, (s) => s.hasTag('loading'));
  const failed = useSelector(detail, (s) => s.hasTag('failed'));
  const notFound = useSelector(detail, (s) => s.hasTag('notFound'));
  const company = useSelector(detail, (s) => s.context.company);
  const all = `/building/${buildingUuid}/companies`;
  return (
    <Page css={{ minHeight: 0 }}>
      {loading ? <ScreenLoading /> : null}
      {failed ? <LoadFailed message={t('directory.company.failed')} onRetry={() => detail.send({ type: 'user.retry' })} /> : null}
      {notFound ? <NotFound message={t('directory.company.notFound')} back={<Link to={all}>{t('directory.company.all')}</Link>} /> : null}
      {company ? <CompanyArticle detail={detail} company={company} all={all} /> : null}
    </Page>
  );
}

function CompanyArticle({ detail, company, all }: { detail: CompanyDetailRef; company: Company; all: string }) {
  const t = useT();
  const canOpenWebsite = useSelector(detail, (s) => s.can({ type: 'user.openWebsite' }));
  return (
    <Article as="article" aria-labelledby="company-title">
      <Link to={all}>{t('directory.company.all')}</Link>
      <Header>
        <CompanyMark name={company.name} logoUrl={company.logo_url} size="page" label={t('directory.company.logoAlt', { name: company.name })} />
        <Title id="company-title">{company.name}</Title>
      </Header>
      {company.description ? <RichText html={company.description} data-testid="company-description" /> : null}
      {canOpenWebsite ? (
        <Button type="button" onClick={() => detail.send({ type: 'user.openWebsite' })}>
          {t('directory.company.website')}
        </Button>
      ) : null}
    </Article>
  );
}
