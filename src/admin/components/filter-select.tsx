import { Select } from "@medusajs/ui"

const ALL = "__all"

/** A compact select for a list filter; "All" clears it. */
export const FilterSelect = ({ value, onChange, options, placeholder, testId }: { value?: string; onChange: (value: string | undefined) => void; options: { value: string; label: string }[]; placeholder: string; testId?: string }) => (
  <div className="w-[170px]" data-testid={testId}>
    <Select size="small" value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <Select.Trigger>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        <Select.Item value={ALL}>{placeholder}</Select.Item>
        {options.map((o) => (
          <Select.Item key={o.value} value={o.value}>
            {o.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  </div>
)
