import { z } from "@medusajs/framework/zod"
import { isEmail, type LoginRequest, type RegisterRequest } from "@shop/contract"
import { capped, type Holds, type Ties } from "../../utils/validate"

/** An email as the shop stores it: trimmed, checked, lower-cased. */
export const emailSchema = capped(254, "Email is too long", "Email is required")
  .trim()
  .min(1, "Email is required")
  .refine(isEmail, "Please enter a valid email address")
  .transform((value) => value.toLowerCase())

/** A new password: 6 to 128 characters. */
export const passwordSchema = capped(128, "Password must be at most 128 characters", "Password is required").min(
  6,
  "Password must be at least 6 characters"
)

export const RegisterSchema = z
  .object({
    username: capped(100, "Full name must be at most 100 characters", "Full name is required")
      .trim()
      .min(1, "Full name is required"),
    email: emailSchema,
    password: passwordSchema,
  })
  .strict()

export const LoginSchema = z
  .object({
    email: emailSchema,
    password: capped(128, "Incorrect email or password", "Password is required").min(1, "Password is required"),
  })
  .strict()

export type RegisterBody = z.infer<typeof RegisterSchema>
export type LoginBody = z.infer<typeof LoginSchema>
type _RegisterTied = Holds<Ties<typeof RegisterSchema, RegisterRequest>>
type _LoginTied = Holds<Ties<typeof LoginSchema, LoginRequest>>
