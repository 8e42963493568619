import { Input } from "@medusajs/ui"

/**
 * A search box for a list filter (its value kept in the URL by useListPage); `clean` rewrites what is typed
 * (e.g. digits only), `className` sets its width.
 */
export const FilterSearch = ({
  value,
  onChange,
  placeholder,
  className,
  maxLength,
  clean = (typed) => typed,
}: {
  value: string | undefined
  onChange: (value: string) => void
  placeholder: string
  className: string
  maxLength?: number
  clean?: (typed: string) => string
}) => (
  <Input
    size="small"
    type="search"
    className={className}
    placeholder={placeholder}
    value={value ?? ""}
    maxLength={maxLength}
    onChange={(e) => onChange(clean(e.target.value))}
  />
)
