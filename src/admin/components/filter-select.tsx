import { Select } from "@medusajs/ui"

export type Option = { value: string; label: string }

/** Medusa's Select over a list of options (filters and form fields). */
export const OptionsSelect = ({
  id,
  value,
  onChange,
  options,
  placeholder,
  size,
}: {
  id?: string
  value: string
  onChange: (value: string) => void
  options: Option[]
  placeholder?: string
  size?: "small"
}) => (
  <Select size={size} value={value} onValueChange={onChange}>
    <Select.Trigger id={id}>
      <Select.Value placeholder={placeholder} />
    </Select.Trigger>
    <Select.Content>
      {options.map((o) => (
        <Select.Item key={o.value} value={o.value}>
          {o.label}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)

const ALL = "__all"

/** A compact select for a list filter; "All" (the placeholder) clears it. */
export const FilterSelect = ({
  value,
  onChange,
  options,
  placeholder,
  testId,
}: {
  value?: string
  onChange: (value: string | undefined) => void
  options: Option[]
  placeholder: string
  testId?: string
}) => (
  <div className="w-[170px]" data-testid={testId}>
    <OptionsSelect
      size="small"
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? undefined : v)}
      placeholder={placeholder}
      options={[{ value: ALL, label: placeholder }, ...options]}
    />
  </div>
)
