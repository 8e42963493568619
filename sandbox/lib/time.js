// @ts-check
"use strict"
/** Date texts in the forms the interface uses (all UTC). */

const pad = (/** @type {number} */ n, w = 2) => String(n).padStart(w, "0")

/** 14 digits, year to second: 20240917103000. @param {Date} d */
function digits14(d) {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
}

/** 8 digits: 20240917. @param {Date} d */
function digits8(d) {
  return digits14(d).slice(0, 8)
}

/** year-month-day. @param {Date} d */
function ymd(d) {
  return d.toISOString().slice(0, 10)
}

/** "year-month-day hour:minute:second". @param {Date} d */
function dateTime(d) {
  return `${ymd(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** ISO 8601 with a numeric offset, seconds: 2024-09-17T10:30:00+00:00. @param {Date} d */
function isoOffset(d) {
  return d.toISOString().slice(0, 19) + "+00:00"
}

/** ISO 8601 with milliseconds and a numeric offset: 2024-09-17T10:30:00.000+00:00. @param {Date} d */
function isoOffsetMs(d) {
  return d.toISOString().slice(0, 23) + "+00:00"
}

/** Add whole months (clamped to the month's end). @param {Date} d @param {number} n */
function addMonths(d, n) {
  const r = new Date(d.getTime())
  const day = r.getUTCDate()
  r.setUTCDate(1)
  r.setUTCMonth(r.getUTCMonth() + n)
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate()
  r.setUTCDate(Math.min(day, last))
  return r
}

module.exports = { digits14, digits8, ymd, dateTime, isoOffset, isoOffsetMs, addMonths }
