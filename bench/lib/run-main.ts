/** Runs a benchmark's `main`; a failure is printed on stderr and exits 1 (the JSON on stdout is then missing). */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err) => {
    process.stderr.write(`${err?.stack ?? err}\n`)
    process.exit(1)
  })
}
