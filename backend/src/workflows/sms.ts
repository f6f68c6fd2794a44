import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { SmsEvent } from "@shop/contract"
import {
  attemptSmsStep,
  claimSmsStep,
  finishSmsStep,
  openOrderSmsStep,
  openTestSmsStep,
  readSmsDeliveryStep,
  readSmsStep,
  saveSmsTemplatesStep,
  type SmsTemplateChange,
} from "./steps/sms"

/**
 * Text messages to shoppers. An order event opens its message once (a
 * repeated event finds it made and sends nothing) and sends it at once; a
 * gateway that is down or refuses for now is tried again with back-off by
 * jobs/send-sms.ts. Nothing here ever holds up or undoes the order: the
 * subscriber runs after the order is saved, and a failure is recorded, not thrown.
 */

export type SendSmsInput = {
  message_id: string
  /** the time of the attempt (ISO); now when left out */
  now?: string
}

/** One attempt at a due message: its new state, or null when it was not due, another sender has it, or it is over. */
export const sendSmsWorkflow = createWorkflow("send-sms", (input: SendSmsInput) => {
  const claimed = claimSmsStep(input)
  const state = when({ claimed }, ({ claimed }) => !!claimed).then(() => {
    const attempt = attemptSmsStep(transform({ claimed }, ({ claimed }) => claimed!))
    return finishSmsStep({ message_id: input.message_id, attempt })
  })
  return new WorkflowResponse(transform({ state }, ({ state }) => state ?? null))
})

export type OrderSmsInput = { order_id: string; event: SmsEvent; now?: string }

/** An order's event: its message opened (once) and sent now; the message's id, or null when none was made. */
export const orderSmsWorkflow = createWorkflow("order-sms", (input: OrderSmsInput) => {
  const opened = openOrderSmsStep(input)
  when({ opened }, ({ opened }) => !!opened).then(() => {
    sendSmsWorkflow.runAsStep({
      input: transform({ opened, input }, ({ opened, input }) => ({ message_id: opened!, now: input.now })),
    })
  })
  return new WorkflowResponse(opened)
})

/**
 * The merchant's words and switches for some events; answers every template
 * after the change. One save at a time: two saves at once each keep the
 * other's events.
 */
export const changeSmsTemplatesWorkflow = createWorkflow(
  "change-sms-templates",
  (input: { templates: SmsTemplateChange[] }) => {
    acquireLockStep({ key: "sms-templates", timeout: 10, ttl: 30, retryInterval: 0.05 })
    const templates = saveSmsTemplatesStep(input)
    releaseLockStep({ key: "sms-templates" })
    return new WorkflowResponse(templates)
  }
)

export type TestSmsInput = { phone: string; event: SmsEvent; now?: string }

/** A test message to the merchant's phone, sent now through the gateway in use; answers it after its attempt. */
export const testSmsWorkflow = createWorkflow("test-sms", (input: TestSmsInput) => {
  const now = transform({ input }, ({ input }) => input.now ?? new Date().toISOString())
  const opened = openTestSmsStep(transform({ input, now }, ({ input, now }) => ({ ...input, now })))
  sendSmsWorkflow.runAsStep({ input: transform({ opened, now }, ({ opened, now }) => ({ message_id: opened, now })) })
  return new WorkflowResponse(readSmsStep(transform({ opened }, ({ opened }) => ({ message_id: opened }))))
})

/** A sent message's delivery report, read from the gateway and recorded (jobs/sms-delivery.ts). */
export const readSmsDeliveryWorkflow = createWorkflow(
  "read-sms-delivery",
  (input: { message_id: string; gateway_message_id: string; now?: string }) => {
    return new WorkflowResponse(readSmsDeliveryStep(input))
  }
)
