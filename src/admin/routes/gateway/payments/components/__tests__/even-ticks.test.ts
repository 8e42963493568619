import { evenTicks } from "../labels"

describe("the dashboard's chart ticks", () => {
  it("are four equal, round steps from 0 to at least the highest value", () => {
    expect(evenTicks(0)).toEqual([0, 1, 2, 3, 4])
    expect(evenTicks(3)).toEqual([0, 1, 2, 3, 4])
    expect(evenTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(evenTicks(83)).toEqual([0, 25, 50, 75, 100])
    expect(evenTicks(1234)).toEqual([0, 500, 1000, 1500, 2000])
    for (const max of [1, 5, 9, 13, 47, 99, 101, 640]) {
      const t = evenTicks(max)
      expect(t[4]).toBeGreaterThanOrEqual(max)
      expect(new Set(t.slice(1).map((v, i) => v - t[i]!)).size).toBe(1)
      expect(t.every(Number.isInteger)).toBe(true)
    }
  })

  it("may step in fractions for money", () => {
    expect(evenTicks(0.9, false)).toEqual([0, 0.25, 0.5, 0.75, 1])
    expect(evenTicks(37.5, false)).toEqual([0, 10, 20, 30, 40])
  })
})
