import { SelectField } from "./form-field"

/**
 * A form field choosing one record of a list query (the active cardholders, the card groups). The names follow the
 * admin API's: the field is `${noun}_id` and the list's answer holds the records under `${noun}s`. Until the list
 * has loaded, the placeholder says so.
 */
export function RecordSelectField<N extends string, D extends { [key in `${N}s`]: { id: string }[] }>({
  noun,
  label,
  query,
  option,
}: {
  noun: N
  label: string
  query: { isLoading: boolean; data?: D }
  option: (record: D[`${N}s`][number]) => string
}) {
  const records = query.data?.[`${noun}s` as const] ?? []
  return (
    <SelectField
      name={`${noun}_id`}
      label={label}
      placeholder={query.isLoading ? "Loading..." : `Choose a ${noun}`}
      options={records.map((record) => ({ value: record.id, label: option(record) }))}
    />
  )
}
