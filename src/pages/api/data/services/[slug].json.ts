/** Prebuilt body of GET /api/services/{slug}; unknown slugs fall through to the JSON 404. */
import type { APIRoute, GetStaticPaths } from "astro";
import { toApiService } from "../../../../lib/api-content";
import { getServices } from "../../../../utils/content";

export const getStaticPaths = (async () => {
  const services = await getServices();
  return services.map((service) => ({ params: { slug: service.id }, props: { service } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { service } = props as Awaited<ReturnType<typeof getStaticPaths>>[number]["props"];
  return Response.json(toApiService(service.id, service.data));
};
