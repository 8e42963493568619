import { Button, Drawer, Input, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { FormField } from "../../../../components/form-field"
import { useTrackGroup } from "../../../../hooks/api/groups"
import { errorMessage } from "../../../../lib/format"

/** Starts tracking a group that exists at the gateway (groups are opened with the gateway, not here). */
export const TrackGroupDrawer = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [value, setValue] = useState("")
  const [error, setError] = useState<string>()
  const track = useTrackGroup()
  const close = (o: boolean) => {
    if (!o) {
      setValue("")
      setError(undefined)
    }
    onOpenChange(o)
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const v = value.trim()
    if (!/^\d{1,20}$/.test(v)) return setError("Enter the gateway's group id (digits), e.g. 7001")
    setError(undefined)
    track.mutate(
      { gateway_group_id: v },
      {
        onSuccess: ({ group }) => {
          toast.success("Group tracked", { description: `${group.gateway_group_id}: ${group.balance ?? "-"} ${group.currency}` })
          close(false)
        },
        onError: (err) => toast.error("Could not track the group", { description: errorMessage(err) }),
      }
    )
  }
  return (
    <Drawer open={open} onOpenChange={close}>
      <Drawer.Content>
        <form onSubmit={submit} className="flex h-full flex-col" noValidate>
          <Drawer.Header>
            <Drawer.Title>Track a card group</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4">
            <Text size="small" className="text-ui-fg-subtle">
              Card groups are opened with the gateway. Enter a group's gateway id to follow its balance here and issue cards from it.
            </Text>
            <FormField label="Gateway group id" name="gateway_group_id" error={error}>
              <Input id="gateway_group_id" value={value} onChange={(e) => setValue(e.target.value)} placeholder="7001" />
            </FormField>
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                Cancel
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={track.isPending} data-testid="track-group-submit">
              Track
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
