import { IndicatorsWorkbookSchema, ManagerIndicatorsSchema } from '@prumo/contract/indicators';
import { IndicatorPeriodQuerySchema } from '@prumo/domain/indicators/manager-indicators';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../dependencies';
import { managersOnly, type RouteAccess, readCaller } from '../../plugins/access';
import { readManagerIndicators } from './indicators.service';
import { buildIndicatorsWorkbook } from './indicators-export';

const workbookContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The manager's indicators (ADR 36): managers only, with the organization's dashboard_indicators
 * toggle; the figures are always the caller's organization's.
 */
export function registerIndicatorRoutes(app: FastifyInstance, deps: AppDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Indicadores'];
  const access: RouteAccess = { roles: managersOnly, toggle: 'dashboard_indicators' };

  api.get(
    '/api/indicators/',
    {
      config: { access },
      schema: { tags, querystring: IndicatorPeriodQuerySchema, response: { 200: ManagerIndicatorsSchema } },
    },
    async (request) => readManagerIndicators(deps, readCaller(request), request.query),
  );

  api.get(
    '/api/indicators/export-xls/',
    {
      config: { access },
      schema: {
        tags,
        querystring: IndicatorPeriodQuerySchema,
        response: {
          200: {
            description: 'Os indicadores do período numa planilha .xlsx',
            content: { [workbookContentType]: { schema: IndicatorsWorkbookSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const indicators = await readManagerIndicators(deps, readCaller(request), request.query);
      const fileName = `indicadores-${indicators.start}-a-${indicators.end}.xlsx`;
      return reply
        .header('content-type', workbookContentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(buildIndicatorsWorkbook(indicators));
    },
  );
}
