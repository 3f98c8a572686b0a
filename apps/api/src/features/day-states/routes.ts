import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DayStateListSchema, DayStateParamsSchema, DayStateSavedSchema, DayStatesQuerySchema, DayStateUpdateSchema, errorResponses } from '@app/contracts';
import * as service from './service.ts';

/** A day's state, complete or partial (issue 42 §6): the user's choice, and every day's state in a range. Private: the user's own days only. */
export default async function dayStatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['food-logs'];
  r.put('/food-logs/day-state/:date', { schema: { tags, params: DayStateParamsSchema, body: DayStateUpdateSchema, response: { 200: DayStateSavedSchema, ...errorResponses } } }, async (req) =>
    service.setState(app.db, req.user.id, req.params.date, req.body.state),
  );
  r.get('/food-logs/day-states', { schema: { tags, querystring: DayStatesQuerySchema, response: { 200: DayStateListSchema, ...errorResponses } } }, async (req) =>
    service.listStates(app.db, req.user.id, req.query.start_date, req.query.end_date),
  );
}
