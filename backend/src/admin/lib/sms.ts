import {
  fillSmsTemplate,
  SMS_SAMPLE_VALUES,
  smsCount,
  type SmsCount,
  type SmsEvent,
  type SmsTemplatesRequest,
  type SmsTemplateView,
} from "@shop/contract"

/** One event's words and switch as the merchant edits them. */
export type SmsTemplateForm = { text: string; enabled: boolean }

/**
 * What a typical order's message takes with these words: the characters the
 * network counts, the parts it is billed as. The same functions the backend
 * bills by (the contract's smsCount and fillSmsTemplate).
 */
export function smsTemplateCount(text: string): SmsCount {
  return smsCount(fillSmsTemplate(text, SMS_SAMPLE_VALUES))
}

/**
 * The events whose words or switch differ from what was saved, as the save
 * sends them: words back to the shop's own become empty (the default, which
 * follows the shop's later improvements).
 */
export function smsTemplatesChanged(
  saved: SmsTemplateView[],
  form: Record<string, SmsTemplateForm>
): SmsTemplatesRequest["templates"] {
  const changed: SmsTemplatesRequest["templates"] = []
  for (const template of saved) {
    const edit = form[template.event]
    if (!edit) continue
    const text = edit.text.trim()
    const change: { event: SmsEvent; text?: string; enabled?: boolean } = { event: template.event }
    if (text !== template.text.trim()) change.text = text === template.defaultText.trim() ? "" : text
    if (edit.enabled !== template.enabled) change.enabled = edit.enabled
    if (change.text !== undefined || change.enabled !== undefined) changed.push(change)
  }
  return changed
}
