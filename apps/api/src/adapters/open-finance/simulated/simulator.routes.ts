import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendDrawing } from '../../../plugins/security-headers';
import {
  confirmSimulatorCode,
  decideSimulatorConsent,
  findOpenSimulatorConsent,
  type SimulatorDependencies,
  signInAtSimulator,
  simulatorMessages,
} from './simulator.service';
import {
  drawInstitutionLogo,
  findDirectoryOrganisation,
  listDirectoryOrganisations,
  simulatorPrefix,
} from './simulator-directory';
import { renderConsentStep, renderRequestEnded } from './simulator-pages';

const hidden = { hide: true } as const;
const authorizePath = `${simulatorPrefix}/authorize`;

function readText(value: unknown, maximumLength = 200): string {
  return typeof value === 'string' ? value.slice(0, maximumLength) : '';
}

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  // The bank's pages hold a login: never kept by a browser or a proxy.
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The simulated Open Finance institution over HTTP (ADR 44): its participants directory, its
 * logos, and the bank's pages where the person signs in, types the one-time code and authorises
 * or refuses the consent, then goes back to the address Prumo gave. Public, like a bank's site:
 * the unguessable request id in the address is the only key to a consent.
 */
export async function registerSimulatorRoutes(app: FastifyInstance, deps: SimulatorDependencies): Promise<void> {
  await app.register(
    async (simulator) => {
      // A bank's forms post url-encoded fields; only here, the API keeps taking JSON alone.
      simulator.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      simulator.get('/participants', { schema: hidden }, async () => listDirectoryOrganisations(deps.publicUrl));

      simulator.get<{ Params: { file: string } }>('/logos/:file', { schema: hidden }, async (request, reply) => {
        const id = /^([a-z-]{1,40})\.svg$/.exec(request.params.file)?.[1];
        return sendDrawing(reply, id ? drawInstitutionLogo(id) : null);
      });

      simulator.get('/authorize', { schema: hidden }, async (request, reply) => {
        const consentId = readText((request.query as Record<string, unknown>).request);
        const consent = consentId ? await findOpenSimulatorConsent(deps.db, consentId) : null;
        if (!consent) return sendPage(reply, renderRequestEnded(simulatorMessages.requestEnded), 404);
        const institution = findDirectoryOrganisation(deps.publicUrl, consent.participantId);
        return sendPage(reply, renderConsentStep(consent, institution, null, authorizePath));
      });

      simulator.post('/authorize', { schema: hidden }, async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>;
        const consent = await findOpenSimulatorConsent(deps.db, readText(form.request));
        if (!consent) return sendPage(reply, renderRequestEnded(simulatorMessages.requestEnded), 404);
        const institution = findDirectoryOrganisation(deps.publicUrl, consent.participantId);
        const step = readText(form.step);
        // A form of an earlier step (the back button) shows the step the request is at.
        if (step !== consent.step) return sendPage(reply, renderConsentStep(consent, institution, null, authorizePath));
        if (step === 'review') {
          const address = await decideSimulatorConsent(deps.db, consent, readText(form.decision) === 'authorise');
          if (!address) return sendPage(reply, renderRequestEnded(simulatorMessages.requestEnded), 404);
          return reply.header('cache-control', 'no-store').redirect(address, 303);
        }
        const error =
          step === 'login'
            ? await signInAtSimulator(deps.db, consent, readText(form.user), readText(form.password))
            : await confirmSimulatorCode(deps.db, consent, readText(form.code));
        const current = (await findOpenSimulatorConsent(deps.db, consent.id)) ?? consent;
        return sendPage(reply, renderConsentStep(current, institution, error, authorizePath), error ? 400 : 200);
      });
    },
    { prefix: simulatorPrefix },
  );
}
