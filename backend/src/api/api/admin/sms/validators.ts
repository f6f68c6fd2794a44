import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import { SMS_EVENTS, smsTemplateProblem, type SmsTemplatesRequest, type SmsTestRequest } from "@shop/contract"

const event = z.enum(SMS_EVENTS, { error: `event must be one of: ${SMS_EVENTS.join(", ")}` })

/** PUT /api/admin/sms/templates: some events' words (empty: the default) or switches, each event once. */
export const SmsTemplatesSchema = z
  .object({
    templates: z
      .array(
        z
          .object({
            event,
            text: z
              .string({ error: "text must be a string" })
              .superRefine((text, ctx) => {
                const problem = smsTemplateProblem(text)
                if (problem) ctx.addIssue({ code: "custom", message: problem })
              })
              .optional(),
            enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
          })
          .strict(),
        { error: "templates must be a list" }
      )
      .min(1, "templates must name at least one event")
      .max(SMS_EVENTS.length, `templates may name each of the ${SMS_EVENTS.length} events once`)
      .refine((list) => new Set(list.map((t) => t.event)).size === list.length, "templates may name each event once"),
  })
  .strict()
export type SmsTemplatesBody = z.infer<typeof SmsTemplatesSchema>
type _TemplatesTied = Holds<Ties<typeof SmsTemplatesSchema, SmsTemplatesRequest>>

/** POST /api/admin/sms/send-test: the merchant's phone and the event whose words to send (order placed by default). */
export const SmsTestSchema = z
  .object({
    phone: z.string({ error: "phone is required" }).max(40, "Please enter a Bangladeshi mobile number (01XXXXXXXXX)"),
    event: event.optional(),
  })
  .strict()
export type SmsTestBody = z.infer<typeof SmsTestSchema>
type _TestTied = Holds<Ties<typeof SmsTestSchema, SmsTestRequest>>
