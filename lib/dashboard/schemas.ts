import { z } from "zod";

/** The dashboard's reads take nothing but the business (named by the page, checked by the pipeline). */
export const dashboardSchema = z.object({});
