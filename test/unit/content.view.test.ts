import { describe, expect, it } from 'vitest';
import type { components } from '../../contracts/api';
import { fromContent, fromEventPost, fromOffer, fromPost, type CallToAction, type ContentView } from '../../machines/content/contentView';
import { ctaAction } from '../../machines/content/cta';

/** The app's origin and the registered mini-apps (https://mfe.test/ among them). */
const LINKS = { origin: 'https://tenant.atrium.test', miniApps: ['/mfe-survey/', 'https://mfe.test/'] };

type Schemas = components['schemas'];

/** A fully filled v2 content (an event post) as the API answers it. */
const content = (overrides: Partial<Schemas['Content']> = {}): Schemas['Content'] => ({
  uuid: 'c-1',
  type: 'EVENT_POST',
  building_uuid: 'b-1',
  language: 'en',
  title: 'Rooftop yoga',
  subtitle: 'Every Thursday',
  description: 'Stretch with a view.',
  rich_description: '<p>Stretch with a <b>view</b>.</p>',
  image_url: 'https://cdn.test/yoga.jpg',
  image_alt_text: 'People on mats',
  host_company_name: 'Acme Fitness',
  host_custom_text: 'Hosted by Jo',
  price: 12.5,
  currency_type: 'GBP',
  start_at: '2026-11-25T15:00:00Z',
  end_at: '2026-11-25T16:00:00Z',
  timezone: 'Europe/London',
  formatted_address: '1 Main Street, London',
  directions: 'Take the lift to 12',
  virtual_text: 'Join online',
  virtual_url: 'https://meet.test/yoga',
  virtual_directions: 'Camera optional',
  cta_type: 'RSVP',
  cta_label: 'RSVP',
  cta_url: null,
  cta_label_at_capacity: 'Sold out',
  cta_display_start_at: '2026-11-01T00:00:00Z',
  cta_display_end_at: '2026-11-25T15:00:00Z',
  attachable_amenity_uuid: 'am-1',
  attachable_company_uuid: 'co-1',
  attachable_content_uuid: 'c-2',
  attachable_survey_type: null,
  attach_secondary_content: true,
  rsvp_enabled: true,
  claimable: false,
  claims_details: { is_claimable: true, user_count: 1, count: 7 },
  capacity: 20,
  max_claims_total: 50,
  max_claims_per_user: 3,
  is_eligible: false,
  ...overrides,
});

/** A v2 content with only the required fields. */
const minimalContent = (overrides: Partial<Schemas['Content']> = {}): Schemas['Content'] => ({
  uuid: 'c-9',
  type: 'ARTICLE',
  building_uuid: 'b-9',
  title: 'News',
  rsvp_enabled: false,
  claimable: false,
  claims_details: { is_claimable: false, user_count: 0, count: 0 },
  ...overrides,
});

const eventPost = (overrides: Partial<Schemas['EventPost']> = {}): Schemas['EventPost'] => ({
  uuid: 'e-1',
  building_uuid: 'b-1',
  language: 'en',
  title: 'Wine tasting',
  subtitle: 'Reds of the Rhône',
  description: 'Six wines.',
  richDescription: '<p>Six wines.</p>',
  image_url: 'https://cdn.test/wine.jpg',
  imageUrl: 'https://cdn.test/wine-camel.jpg',
  image_alt_text: 'Glasses',
  imageAltText: 'Glasses (camel)',
  start_at: '2026-12-01T18:00:00Z',
  end_at: '2026-12-01T20:00:00Z',
  startDate: '2026-12-01T18:30:00Z',
  endDate: '2026-12-01T20:30:00Z',
  timezone: 'Europe/Paris',
  capacity: 30,
  cta_url: null,
  cta_label: 'Reserve',
  cta_label_at_capacity: 'Full',
  price: 25,
  currency_type: 'EUR',
  attendants: [11, 12, 13],
  is_attending: true,
  is_virtual: false,
  street_number: '1',
  route: 'Main Street',
  locality: 'London',
  administrative_area_1: 'England',
  postal_code: 'EC1 1AA',
  latitude: 51.5,
  longitude: -0.1,
  place_id: 'place-1',
  formatted_address: '1 Main Street, London EC1 1AA',
  directions: 'Ground floor bar',
  virtualText: 'Stream',
  virtualUrl: 'https://stream.test/wine',
  virtualDirections: 'Link opens at 18:00',
  hostedBy: 'The Cellar',
  rsvp_enabled: true,
  claims_details: { is_claimable: true, user_count: 1, count: 3 },
  ...overrides,
});

const offer = (overrides: Partial<Schemas['Offer']> = {}): Schemas['Offer'] => ({
  uuid: 'o-1',
  building_uuid: 'b-1',
  language: 'en',
  title: '20% off coffee',
  subtitle: 'At the lobby café',
  description_title: 'The deal',
  description: 'Show the code.',
  rich_description: '<p>Show the code.</p>',
  image_url: 'https://cdn.test/coffee.jpg',
  image_alt_text: 'A latte',
  claimers: [5, 6],
  is_eligible: true,
  cta_label: 'Claim',
  cta_label_at_capacity: 'All claimed',
  cta_display_start_at: '2026-11-01T00:00:00Z',
  cta_display_end_at: '2026-12-31T23:59:59Z',
  max_claims_per_user: 2,
  max_claims_total: 100,
  claims_details: { is_claimable: true, user_count: 1, count: 42 },
  ...overrides,
});

const post = (overrides: Partial<Schemas['Post']> = {}): Schemas['Post'] => ({
  uuid: 'p-1',
  building_uuid: 'b-1',
  language: 'en',
  title: 'Lift maintenance',
  subtitle: 'Tuesday morning',
  description: 'Lift B is out.',
  rich_description: '<p>Lift B is out.</p>',
  image_url: 'https://cdn.test/lift.jpg',
  image_alt_text: 'A lift',
  cta_type: 'EXTERNAL_LINK',
  cta_label: 'Read more',
  cta_url: 'https://news.test/lift',
  ...overrides,
});

/** Every key a ContentView and its CallToAction have, so that a mapping cannot silently drop one. */
const VIEW_KEYS: (keyof ContentView)[] = [
  'uuid',
  'buildingUuid',
  'type',
  'title',
  'subtitle',
  'description',
  'richDescription',
  'imageUrl',
  'imageAltText',
  'host',
  'price',
  'currency',
  'startAt',
  'endAt',
  'timezone',
  'address',
  'directions',
  'virtualText',
  'virtualUrl',
  'virtualDirections',
  'cta',
];
const CTA_KEYS: (keyof CallToAction)[] = [
  'type',
  'url',
  'label',
  'atLimitText',
  'count',
  'userCount',
  'capacity',
  'maxClaimsPerUser',
  'maxClaimsTotal',
  'displayStartAt',
  'displayEndAt',
  'isRsvp',
  'isClaim',
  'isClaimable',
  'isEligible',
  'attachableAmenityUuid',
  'attachableCompanyUuid',
  'attachableContentUuid',
  'attachSecondaryContent',
  'myClaim',
];

const expectShape = (view: ContentView) => {
  expect(Object.keys(view).sort()).toEqual([...VIEW_KEYS].sort());
  expect(Object.keys(view.cta).sort()).toEqual([...CTA_KEYS].sort());
  // No field is left undefined: missing values are null (or a default).
  for (const key of VIEW_KEYS) expect(view[key], key).not.toBeUndefined();
  for (const key of CTA_KEYS) expect(view.cta[key], `cta.${key}`).not.toBeUndefined();
};

describe('fromContent', () => {
  it('maps every field of a full content', () => {
    const view = fromContent(content());
    expectShape(view);
    expect(view).toEqual({
      uuid: 'c-1',
      buildingUuid: 'b-1',
      type: 'EVENT_POST',
      title: 'Rooftop yoga',
      subtitle: 'Every Thursday',
      description: 'Stretch with a view.',
      richDescription: '<p>Stretch with a <b>view</b>.</p>',
      imageUrl: 'https://cdn.test/yoga.jpg',
      imageAltText: 'People on mats',
      host: 'Hosted by Jo',
      price: 12.5,
      currency: 'GBP',
      startAt: '2026-11-25T15:00:00Z',
      endAt: '2026-11-25T16:00:00Z',
      timezone: 'Europe/London',
      address: '1 Main Street, London',
      directions: 'Take the lift to 12',
      virtualText: 'Join online',
      virtualUrl: 'https://meet.test/yoga',
      virtualDirections: 'Camera optional',
      cta: {
        type: 'RSVP',
        url: null,
        label: 'RSVP',
        atLimitText: 'Sold out',
        count: 7,
        userCount: 1,
        capacity: 20,
        maxClaimsPerUser: 3,
        maxClaimsTotal: 50,
        displayStartAt: '2026-11-01T00:00:00Z',
        displayEndAt: '2026-11-25T15:00:00Z',
        isRsvp: true,
        isClaim: false,
        isClaimable: true,
        isEligible: false,
        attachableAmenityUuid: 'am-1',
        attachableCompanyUuid: 'co-1',
        attachableContentUuid: 'c-2',
        attachSecondaryContent: true,
        myClaim: null,
      },
    } satisfies ContentView);
  });

  it('fills the missing optional fields with null and the defaults', () => {
    const view = fromContent(minimalContent());
    expectShape(view);
    expect(view).toMatchObject({
      uuid: 'c-9',
      buildingUuid: 'b-9',
      type: 'ARTICLE',
      title: 'News',
      subtitle: null,
      description: null,
      richDescription: null,
      imageUrl: null,
      imageAltText: null,
      host: null,
      price: null,
      currency: null,
      startAt: null,
      endAt: null,
      timezone: null,
      address: null,
      directions: null,
      virtualText: null,
      virtualUrl: null,
      virtualDirections: null,
    });
    expect(view.cta).toEqual({
      type: null,
      url: null,
      label: null,
      atLimitText: null,
      count: 0,
      userCount: 0,
      capacity: null,
      maxClaimsPerUser: 1,
      maxClaimsTotal: null,
      displayStartAt: null,
      displayEndAt: null,
      isRsvp: false,
      isClaim: false,
      isClaimable: false,
      isEligible: true,
      attachableAmenityUuid: null,
      attachableCompanyUuid: null,
      attachableContentUuid: null,
      attachSecondaryContent: false,
      myClaim: null,
    } satisfies CallToAction);
  });

  it('turns explicit nulls into null and a null max claims per user into one', () => {
    const view = fromContent(content({ subtitle: null, price: null, capacity: null, max_claims_per_user: null, max_claims_total: null }));
    expect(view.subtitle).toBeNull();
    expect(view.price).toBeNull();
    expect(view.cta.capacity).toBeNull();
    expect(view.cta.maxClaimsPerUser).toBe(1);
    expect(view.cta.maxClaimsTotal).toBeNull();
  });

  it('keeps a zero price and a zero capacity (not null)', () => {
    const view = fromContent(content({ price: 0, capacity: 0, max_claims_total: 0 }));
    expect(view.price).toBe(0);
    expect(view.cta.capacity).toBe(0);
    expect(view.cta.maxClaimsTotal).toBe(0);
  });

  it('shows the custom host text first, else the host company', () => {
    expect(fromContent(content()).host).toBe('Hosted by Jo');
    expect(fromContent(content({ host_custom_text: null })).host).toBe('Acme Fitness');
    expect(fromContent(content({ host_custom_text: undefined })).host).toBe('Acme Fitness');
    expect(fromContent(content({ host_custom_text: null, host_company_name: null })).host).toBeNull();
  });

  it('is an RSVP for an event post with RSVP enabled or a CTA URL, never for another type', () => {
    expect(fromContent(content({ rsvp_enabled: true, cta_url: null })).cta.isRsvp).toBe(true);
    expect(fromContent(content({ rsvp_enabled: false, cta_url: 'https://tickets.test/1' })).cta.isRsvp).toBe(true);
    expect(fromContent(content({ rsvp_enabled: false, cta_url: null })).cta.isRsvp).toBe(false);
    expect(fromContent(content({ rsvp_enabled: false, cta_url: '' })).cta.isRsvp).toBe(false);
    expect(fromContent(content({ type: 'ARTICLE', rsvp_enabled: true, cta_url: 'https://x.test' })).cta.isRsvp).toBe(false);
    expect(fromContent(content({ type: 'OFFER', rsvp_enabled: true })).cta.isRsvp).toBe(false);
  });

  it('is a claim when the content is claimable or its CTA type is CLAIM', () => {
    expect(fromContent(minimalContent({ type: 'OFFER', claimable: true })).cta.isClaim).toBe(true);
    expect(fromContent(minimalContent({ type: 'OFFER', cta_type: 'CLAIM' })).cta.isClaim).toBe(true);
    expect(fromContent(minimalContent({ type: 'OFFER', cta_type: 'EXTERNAL_LINK' })).cta.isClaim).toBe(false);
  });

  it('takes the counts and claimability from claims_details', () => {
    const view = fromContent(content({ claims_details: { is_claimable: false, user_count: 2, count: 19 } }));
    expect(view.cta).toMatchObject({ count: 19, userCount: 2, isClaimable: false });
  });

  it('gives an action that matches the content (RSVP, claim, link)', () => {
    expect(ctaAction(fromContent(content()), LINKS)).toEqual({ kind: 'rsvp' });
    expect(ctaAction(fromContent(minimalContent({ type: 'OFFER', claimable: true })), LINKS)).toEqual({ kind: 'claim' });
    expect(ctaAction(fromContent(minimalContent({ cta_type: 'INTERNAL_LINK', attachable_company_uuid: 'co-7' })), LINKS)).toEqual({
      kind: 'route',
      to: '/building/b-9/companies/co-7',
    });
  });
});

describe('fromEventPost', () => {
  it('maps every field of an event post', () => {
    const view = fromEventPost(eventPost());
    expectShape(view);
    expect(view).toEqual({
      uuid: 'e-1',
      buildingUuid: 'b-1',
      type: 'EVENT_POST',
      title: 'Wine tasting',
      subtitle: 'Reds of the Rhône',
      description: 'Six wines.',
      richDescription: '<p>Six wines.</p>',
      imageUrl: 'https://cdn.test/wine.jpg',
      imageAltText: 'Glasses',
      host: 'The Cellar',
      price: 25,
      currency: 'EUR',
      startAt: '2026-12-01T18:00:00Z',
      endAt: '2026-12-01T20:00:00Z',
      timezone: 'Europe/Paris',
      address: '1 Main Street, London EC1 1AA',
      directions: 'Ground floor bar',
      virtualText: 'Stream',
      virtualUrl: 'https://stream.test/wine',
      virtualDirections: 'Link opens at 18:00',
      cta: {
        type: null,
        url: null,
        label: 'Reserve',
        atLimitText: 'Full',
        count: 3,
        userCount: 1,
        capacity: 30,
        maxClaimsPerUser: 1,
        maxClaimsTotal: null,
        displayStartAt: null,
        displayEndAt: null,
        isRsvp: true,
        isClaim: false,
        isClaimable: true,
        isEligible: true,
        attachableAmenityUuid: null,
        attachableCompanyUuid: null,
        attachableContentUuid: null,
        attachSecondaryContent: false,
        myClaim: null,
      },
    } satisfies ContentView);
  });

  it('falls back to the camel-case image fields and dates', () => {
    const view = fromEventPost(eventPost({ image_url: null, image_alt_text: undefined, start_at: null, end_at: null }));
    expect(view.imageUrl).toBe('https://cdn.test/wine-camel.jpg');
    expect(view.imageAltText).toBe('Glasses (camel)');
    expect(view.startAt).toBe('2026-12-01T18:30:00Z');
    expect(view.endAt).toBe('2026-12-01T20:30:00Z');
  });

  it('is null where neither spelling is given', () => {
    const view = fromEventPost(
      eventPost({
        image_url: null,
        imageUrl: null,
        image_alt_text: null,
        imageAltText: null,
        start_at: null,
        startDate: null,
        end_at: null,
        endDate: null,
      }),
    );
    expect([view.imageUrl, view.imageAltText, view.startAt, view.endAt]).toEqual([null, null, null, null]);
  });

  it('counts the attendants and this person (one when attending)', () => {
    expect(fromEventPost(eventPost({ attendants: [], is_attending: false })).cta).toMatchObject({ count: 0, userCount: 0 });
    expect(fromEventPost(eventPost({ attendants: [1, 2, 3, 4, 5], is_attending: true })).cta).toMatchObject({ count: 5, userCount: 1 });
  });

  it('is an RSVP when RSVP is enabled or there is a CTA URL', () => {
    expect(fromEventPost(eventPost({ rsvp_enabled: true, cta_url: null })).cta.isRsvp).toBe(true);
    expect(fromEventPost(eventPost({ rsvp_enabled: false, cta_url: 'https://tickets.test/e-1' })).cta).toMatchObject({
      isRsvp: true,
      url: 'https://tickets.test/e-1',
    });
    expect(fromEventPost(eventPost({ rsvp_enabled: undefined, cta_url: 'https://tickets.test/e-1' })).cta.isRsvp).toBe(true);
    expect(fromEventPost(eventPost({ rsvp_enabled: false, cta_url: null })).cta.isRsvp).toBe(false);
    expect(fromEventPost(eventPost({ rsvp_enabled: undefined, cta_url: undefined })).cta.isRsvp).toBe(false);
  });

  it('takes claimability from claims_details and a null capacity as unlimited', () => {
    const view = fromEventPost(eventPost({ capacity: null, claims_details: { is_claimable: false, user_count: 0, count: 0 } }));
    expect(view.cta.capacity).toBeNull();
    expect(view.cta.isClaimable).toBe(false);
  });

  it('leaves the optional fields null when the answer lacks them', () => {
    const view = fromEventPost({
      uuid: 'e-2',
      building_uuid: 'b-2',
      title: 'Bare',
      start_at: null,
      end_at: null,
      capacity: null,
      attendants: [],
      is_attending: false,
      claims_details: { is_claimable: false, user_count: 0, count: 0 },
    });
    expectShape(view);
    expect(view).toMatchObject({
      subtitle: null,
      description: null,
      richDescription: null,
      host: null,
      price: null,
      currency: null,
      timezone: null,
      address: null,
      directions: null,
      virtualText: null,
      virtualUrl: null,
      virtualDirections: null,
    });
    expect(view.cta).toMatchObject({ url: null, label: null, atLimitText: null, isRsvp: false });
  });

  it('gives the RSVP action', () => {
    expect(ctaAction(fromEventPost(eventPost()), LINKS)).toEqual({ kind: 'rsvp' });
  });
});

describe('fromOffer', () => {
  it("ends the offer when it leaves the feed: its display window's end is its endAt (decision 143)", () => {
    expect(fromOffer(offer({ display_end_at: '2026-12-31T23:00:00Z' })).endAt).toBe('2026-12-31T23:00:00Z');
    expect(fromOffer(offer({ display_end_at: null })).endAt).toBeNull();
  });

  it('maps every field of an offer, with no event fields', () => {
    const view = fromOffer(offer());
    expectShape(view);
    expect(view).toEqual({
      uuid: 'o-1',
      buildingUuid: 'b-1',
      type: 'OFFER',
      title: '20% off coffee',
      subtitle: 'At the lobby café',
      description: 'Show the code.',
      richDescription: '<p>Show the code.</p>',
      imageUrl: 'https://cdn.test/coffee.jpg',
      imageAltText: 'A latte',
      host: null,
      price: null,
      currency: null,
      startAt: null,
      endAt: null,
      timezone: null,
      address: null,
      directions: null,
      virtualText: null,
      virtualUrl: null,
      virtualDirections: null,
      cta: {
        type: 'CLAIM',
        url: null,
        label: 'Claim',
        atLimitText: 'All claimed',
        count: 42,
        userCount: 1,
        capacity: null,
        maxClaimsPerUser: 2,
        maxClaimsTotal: 100,
        displayStartAt: '2026-11-01T00:00:00Z',
        displayEndAt: '2026-12-31T23:59:59Z',
        isRsvp: false,
        isClaim: true,
        isClaimable: true,
        isEligible: true,
        attachableAmenityUuid: null,
        attachableCompanyUuid: null,
        attachableContentUuid: null,
        attachSecondaryContent: false,
        myClaim: null,
      },
    } satisfies ContentView);
  });

  it('takes the counts from claims_details, not the claimers list', () => {
    const view = fromOffer(offer({ claimers: [1], claims_details: { is_claimable: false, user_count: 0, count: 9 } }));
    expect(view.cta).toMatchObject({ count: 9, userCount: 0, isClaimable: false });
  });

  it('carries the person’s claim code and time from the offer and the v2 content answers', () => {
    const mine = { code: '7F3A9C21', claimed_at: '2026-11-25T10:00:00.000Z' };
    expect(fromOffer(offer({ my_claim: mine })).cta.myClaim).toEqual({ code: '7F3A9C21', claimedAt: '2026-11-25T10:00:00.000Z' });
    expect(fromOffer(offer({ my_claim: null })).cta.myClaim).toBeNull();
  });

  it('keeps eligibility, a null total limit and missing optional texts as null', () => {
    const view = fromOffer(
      offer({
        is_eligible: false,
        max_claims_total: null,
        subtitle: undefined,
        cta_label: null,
        cta_label_at_capacity: undefined,
        cta_display_start_at: null,
        cta_display_end_at: undefined,
      }),
    );
    expect(view.subtitle).toBeNull();
    expect(view.cta).toMatchObject({
      isEligible: false,
      maxClaimsTotal: null,
      label: null,
      atLimitText: null,
      displayStartAt: null,
      displayEndAt: null,
    });
  });

  it('gives the claim action', () => {
    expect(ctaAction(fromOffer(offer()), LINKS)).toEqual({ kind: 'claim' });
  });
});

describe('fromPost', () => {
  it('maps every field of a post, with no event fields and a link CTA', () => {
    const view = fromPost(post());
    expectShape(view);
    expect(view).toEqual({
      uuid: 'p-1',
      buildingUuid: 'b-1',
      type: 'POST',
      title: 'Lift maintenance',
      subtitle: 'Tuesday morning',
      description: 'Lift B is out.',
      richDescription: '<p>Lift B is out.</p>',
      imageUrl: 'https://cdn.test/lift.jpg',
      imageAltText: 'A lift',
      host: null,
      price: null,
      currency: null,
      startAt: null,
      endAt: null,
      timezone: null,
      address: null,
      directions: null,
      virtualText: null,
      virtualUrl: null,
      virtualDirections: null,
      cta: {
        type: 'EXTERNAL_LINK',
        url: 'https://news.test/lift',
        label: 'Read more',
        atLimitText: null,
        count: 0,
        userCount: 0,
        capacity: null,
        maxClaimsPerUser: 1,
        maxClaimsTotal: null,
        displayStartAt: null,
        displayEndAt: null,
        isRsvp: false,
        isClaim: false,
        isClaimable: false,
        isEligible: true,
        attachableAmenityUuid: null,
        attachableCompanyUuid: null,
        attachableContentUuid: null,
        attachSecondaryContent: false,
        myClaim: null,
      },
    } satisfies ContentView);
  });

  it('has no CTA when the post has none', () => {
    const view = fromPost(post({ cta_type: undefined, cta_label: null, cta_url: null, subtitle: null, image_url: undefined }));
    expect(view.cta).toMatchObject({ type: null, url: null, label: null });
    expect(view.subtitle).toBeNull();
    expect(view.imageUrl).toBeNull();
    expect(ctaAction(view, LINKS)).toEqual({ kind: 'none' });
  });

  it('opens an external CTA in a new tab and a micro-frontend in the frame', () => {
    expect(ctaAction(fromPost(post()), LINKS)).toEqual({ kind: 'newTab', url: 'https://news.test/lift' });
    expect(ctaAction(fromPost(post({ cta_type: 'MICRO_FRONTEND', cta_url: 'https://mfe.test/app' })), LINKS)).toEqual({
      kind: 'frame',
      url: 'https://mfe.test/app',
      frame: 'page',
    });
  });

  it('does not share the default CTA object between views', () => {
    const a = fromPost(post());
    const b = fromPost(post({ uuid: 'p-2' }));
    expect(a.cta).not.toBe(b.cta);
    a.cta.count = 99;
    expect(fromPost(post()).cta.count).toBe(0);
    expect(fromOffer(offer()).cta.capacity).toBeNull();
  });
});
