/** A request's answer, an error's response included (the cases assert on refusals as on successes). */
export const call = (p: Promise<any>) => p.catch((e: any) => e.response)
