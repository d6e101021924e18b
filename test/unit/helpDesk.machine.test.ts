import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { helpDeskMachine } from '../../machines/helpDesk/helpDesk.machine';
import { hasInput, isFormComplete, takeFiles } from '../../machines/helpDesk/helpDesk.rules';
import { serverReason, shownProblem } from '../../machines/helpDesk/helpDesk.selectors';
import type { ChosenFile, HelpDeskInput, HelpDeskPortfolio, HelpDeskRequest } from '../../machines/helpDesk/helpDesk.types';
import { MAX_ATTACHMENT_BYTES } from '../../contracts/helpDesk';
import { deferred, flush } from '../fixtures/async';

const file = (name: string, size = 1000, type = 'application/pdf'): ChosenFile => ({ name, size, type });
const INPUT: HelpDeskInput = { buildingUuid: 'b-1', requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: null } };

function start(submit: (request: HelpDeskRequest) => Promise<{ uuid: string }> = async () => ({ uuid: 'r-1' }), input = INPUT) {
  const calls = vi.fn(submit);
  const leave = vi.fn();
  const actor = createActor(helpDeskMachine.provide({ actors: { submit: fromPromise(({ input }) => calls(input)) }, actions: { leave } }), {
    input,
  }).start();
  return { actor, calls, leave };
}

const fill = (actor: ReturnType<typeof start>['actor']) => {
  actor.send({ type: 'user.change', field: 'nature', value: 'web' });
  actor.send({ type: 'user.change', field: 'subject', value: '  Cannot book a room ' });
  actor.send({ type: 'user.change', field: 'description', value: 'The booking page stays blank.' });
};

describe('help-desk rules', () => {
  it('needs nature, subject and description, none blank or too long', () => {
    expect(isFormComplete({ nature: 'web', subject: 'a', description: 'b' })).toBe(true);
    expect(isFormComplete({ nature: '', subject: 'a', description: 'b' })).toBe(false);
    expect(isFormComplete({ nature: 'app', subject: '   ', description: 'b' })).toBe(false);
    expect(isFormComplete({ nature: 'app', subject: 'a', description: '' })).toBe(false);
    expect(isFormComplete({ nature: 'app', subject: 'x'.repeat(201), description: 'b' })).toBe(false);
  });

  it('attaches up to five files of the allowed types and size, and says why the others were not', () => {
    const five = ['a.pdf', 'b.PNG', 'c.jpeg', 'd.docx', 'e.xlsx'].map((n) => file(n));
    const { files, refused } = takeFiles(
      [],
      [...five, file('f.pdf'), file('run.exe'), file('big.pdf', MAX_ATTACHMENT_BYTES + 1), file('empty.pdf', 0)],
    );
    expect(files.map((f) => f.name)).toEqual(['a.pdf', 'b.PNG', 'c.jpeg', 'd.docx', 'e.xlsx']);
    expect(refused).toEqual([
      { name: 'f.pdf', reason: 'tooMany' },
      { name: 'run.exe', reason: 'wrongType' },
      { name: 'big.pdf', reason: 'tooLarge' },
      { name: 'empty.pdf', reason: 'empty' },
    ]);
    // A file of exactly 5 MB is taken; the same file twice is attached once.
    expect(takeFiles([], [file('max.mov', MAX_ATTACHMENT_BYTES), file('max.mov', MAX_ATTACHMENT_BYTES)]).files).toHaveLength(1);
  });

  it('knows when something was typed or chosen beyond the start', () => {
    const start = { nature: 'building' as const, subject: 'Gym', description: '' };
    expect(hasInput(start, [], start)).toBe(false);
    expect(hasInput({ ...start, description: 'x' }, [], start)).toBe(true);
    expect(hasInput(start, [file('a.pdf')], start)).toBe(true);
  });

  it('shows a field’s problem only after the person left it; the server’s reason only for a refusal', () => {
    const fields = { nature: '' as const, subject: '', description: '' };
    expect(shownProblem({ fields, touched: {} }, 'subject')).toBeNull();
    expect(shownProblem({ fields, touched: { subject: true } }, 'subject')).toBe('required');
    expect(serverReason({ error: { status: 415, message: '"a.pdf" is not a pdf file' } })).toBe('"a.pdf" is not a pdf file');
    expect(serverReason({ error: { status: 503, message: 'down' } })).toBeNull();
    expect(serverReason({ error: null })).toBeNull();
  });
});

describe('helpDeskMachine', () => {
  it('accepts Submit only with nature, subject and description', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    fill(actor);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
  });

  it('sends the trimmed fields, the files, the building and the requester; success shows, Done ends and leaves', async () => {
    const { actor, calls, leave } = start();
    fill(actor);
    actor.send({ type: 'user.addFiles', files: [file('a.pdf'), file('b.png', 2000, 'image/png')] });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(calls).toHaveBeenCalledWith({
      nature: 'web',
      subject: 'Cannot book a room',
      description: 'The booking page stays blank.',
      files: [file('a.pdf'), file('b.png', 2000, 'image/png')],
      buildingUuid: 'b-1',
      assetUuid: null,
      portfolioUuid: null,
      buildingName: null,
      requester: INPUT.requester,
    });
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(leave).not.toHaveBeenCalled();
    actor.send({ type: 'user.done' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('keeps the typed text and the files after a failed submit; retry sends them again', async () => {
    const answer = deferred<{ uuid: string }>();
    const { actor, calls } = start(
      vi
        .fn()
        .mockRejectedValueOnce({ status: 415, message: '"a.pdf" is not a pdf file', code: 'unsupported_file_type' })
        .mockReturnValueOnce(answer.promise),
    );
    fill(actor);
    actor.send({ type: 'user.addFiles', files: [file('a.pdf')] });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().hasTag('failure')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 415, message: '"a.pdf" is not a pdf file', code: 'unsupported_file_type' });
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.fields.subject).toBe('  Cannot book a room ');
    expect(actor.getSnapshot().context.files).toEqual([file('a.pdf')]);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    answer.resolve({ uuid: 'r-2' });
    await flush();
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it('retries from the error dialog', async () => {
    const { actor, calls } = start(vi.fn().mockRejectedValueOnce({ status: 0, message: 'Failed to fetch' }).mockResolvedValueOnce({ uuid: 'r-3' }));
    fill(actor);
    actor.send({ type: 'user.submit' });
    await flush();
    actor.send({ type: 'user.retry' });
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it('asks before a cancel drops what was typed; without input it leaves at once', () => {
    const empty = start();
    empty.actor.send({ type: 'user.cancel' });
    expect(empty.actor.getSnapshot().status).toBe('done');
    expect(empty.leave).toHaveBeenCalledTimes(1);

    const { actor, leave } = start();
    actor.send({ type: 'user.change', field: 'description', value: 'half a thought' });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().hasTag('confirmCancel')).toBe(true);
    actor.send({ type: 'user.keepEditing' });
    expect(actor.getSnapshot().context.fields.description).toBe('half a thought');
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirmCancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('removes a file and forgets the last refusals', () => {
    const { actor } = start();
    actor.send({ type: 'user.addFiles', files: [file('a.pdf'), file('b.pdf'), file('x.exe')] });
    expect(actor.getSnapshot().context.refused).toEqual([{ name: 'x.exe', reason: 'wrongType' }]);
    actor.send({ type: 'user.removeFile', index: 0 });
    expect(actor.getSnapshot().context.files).toEqual([file('b.pdf')]);
    expect(actor.getSnapshot().context.refused).toEqual([]);
  });

  it('starts from a subject and a nature (an amenity’s)', () => {
    const { actor } = start(undefined, { ...INPUT, subject: 'Fitness center', nature: 'building' });
    expect(actor.getSnapshot().context.fields).toEqual({ nature: 'building', subject: 'Fitness center', description: '' });
  });

  describe('the building’s portfolio (natures, or one portfolio’s categories) and the host’s navigation', () => {
    const HARBOR = { name: 'Harbor Point', portfolioUuid: 'p-harbor', assetUuid: 'a-harbor' };
    const categories = ['maintenance', 'cleaning', 'security', 'access', 'other'] as const;

    /** The flow with its portfolio read and its submit settled by the test; its two ways out recorded. */
    function startWithPortfolio(input: HelpDeskInput) {
      const portfolio = vi.fn<(uuid: string) => Promise<HelpDeskPortfolio>>();
      const submitted: HelpDeskRequest[] = [];
      const leave = vi.fn();
      const closeHostNavigation = vi.fn();
      const actor = createActor(
        helpDeskMachine.provide({
          actors: {
            loadPortfolio: fromPromise(({ input }) => portfolio(input.portfolioUuid)),
            submit: fromPromise(async ({ input }) => {
              submitted.push(input);
              return { uuid: 'r-1' };
            }),
          },
          actions: { leave, closeHostNavigation },
        }),
        { input },
      );
      return { actor, portfolio, submitted, leave, closeHostNavigation };
    }

    it('offers the categories of a portfolio that uses them, and sends them with the asset, portfolio and building name', async () => {
      const flow = startWithPortfolio({ ...INPUT, building: HARBOR, nature: 'building', subject: 'Gym' });
      flow.portfolio.mockResolvedValue({ help_desk_categories: categories });
      flow.actor.start();
      expect(flow.actor.getSnapshot().hasTag('preparing')).toBe(true);
      expect(flow.actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
      await flush();
      expect(flow.portfolio).toHaveBeenCalledWith('p-harbor');
      const { context } = flow.actor.getSnapshot();
      expect(context.issueTypes).toEqual(categories);
      expect(context.usesCategories).toBe(true);
      // An amenity's "the building" is no category of this portfolio: the person chooses one.
      expect(context.fields).toEqual({ nature: '', subject: 'Gym', description: '' });
      flow.actor.send({ type: 'user.change', field: 'nature', value: 'security' });
      flow.actor.send({ type: 'user.change', field: 'description', value: 'The gate is open' });
      flow.actor.send({ type: 'user.submit' });
      await flush();
      expect(flow.submitted).toEqual([
        expect.objectContaining({ nature: 'security', assetUuid: 'a-harbor', portfolioUuid: 'p-harbor', buildingName: 'Harbor Point' }),
      ]);
    });

    it('keeps the natures (and an amenity’s nature) for a portfolio without categories, and names no building', async () => {
      const flow = startWithPortfolio({ ...INPUT, building: HARBOR, nature: 'building' });
      flow.portfolio.mockResolvedValue({ help_desk_categories: null });
      flow.actor.start();
      await flush();
      expect(flow.actor.getSnapshot().context).toMatchObject({ issueTypes: ['web', 'building', 'app'], usesCategories: false });
      expect(flow.actor.getSnapshot().context.fields.nature).toBe('building');
      fill(flow.actor);
      flow.actor.send({ type: 'user.submit' });
      await flush();
      expect(flow.submitted[0]).toMatchObject({ nature: 'web', assetUuid: 'a-harbor', portfolioUuid: 'p-harbor', buildingName: null });
    });

    it('says so when the portfolio cannot be read, and reads it again on retry', async () => {
      const flow = startWithPortfolio({ ...INPUT, building: HARBOR });
      flow.portfolio.mockRejectedValueOnce({ status: 0, message: 'offline' }).mockResolvedValueOnce({ help_desk_categories: categories });
      flow.actor.start();
      await flush();
      expect(flow.actor.getSnapshot().hasTag('unprepared')).toBe(true);
      expect(flow.actor.getSnapshot().can({ type: 'user.retry' })).toBe(true);
      flow.actor.send({ type: 'user.retry' });
      expect(flow.actor.getSnapshot().hasTag('preparing')).toBe(true);
      await flush();
      expect(flow.actor.getSnapshot().hasTag('editing')).toBe(true);
      expect(flow.portfolio).toHaveBeenCalledTimes(2);
    });

    it('inside a host’s navigation, Done closes that navigation instead of leaving (a web view, a host frame)', async () => {
      const flow = startWithPortfolio({ ...INPUT, inHostNavigation: true });
      flow.actor.start();
      // No building: the natures, without a read.
      expect(flow.actor.getSnapshot().hasTag('editing')).toBe(true);
      expect(flow.portfolio).not.toHaveBeenCalled();
      fill(flow.actor);
      flow.actor.send({ type: 'user.submit' });
      await flush();
      expect(flow.closeHostNavigation).not.toHaveBeenCalled();
      flow.actor.send({ type: 'user.done' });
      expect(flow.actor.getSnapshot().status).toBe('done');
      expect(flow.closeHostNavigation).toHaveBeenCalledTimes(1);
      expect(flow.leave).not.toHaveBeenCalled();
    });

    it('outside a host, Done and Cancel leave and close nothing', async () => {
      const done = startWithPortfolio(INPUT);
      done.actor.start();
      fill(done.actor);
      done.actor.send({ type: 'user.submit' });
      await flush();
      done.actor.send({ type: 'user.done' });
      expect(done.leave).toHaveBeenCalledTimes(1);
      const cancelled = startWithPortfolio({ ...INPUT, inHostNavigation: true });
      cancelled.actor.start();
      cancelled.actor.send({ type: 'user.cancel' });
      expect(cancelled.closeHostNavigation).toHaveBeenCalledTimes(1);
      expect(done.closeHostNavigation).not.toHaveBeenCalled();
    });
  });
});
