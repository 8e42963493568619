/** The kit's React components (client components: each file starts with "use client"). */
export { CardForm, type CardFormLabels, type CardFormProps } from "./card-form.js"
export { PaymentControl, type PaymentControlProps } from "./payment-control.js"
export { SavedCardPicker, type SavedCardPickerProps } from "./saved-card-picker.js"
export { HostedPaymentFrame, type HostedPaymentFrameProps } from "./hosted-payment-frame.js"
export { GatewayReturn, type GatewayReturnProps, type ReturnState } from "./gateway-return.js"
export { OrderPaymentNotice, type OrderPaymentNoticeProps } from "./order-payment-notice.js"
export type { Appearance, GatewaySlot, LookProps } from "./appearance.js"
export type { OutcomeProps } from "./outcome.js"
