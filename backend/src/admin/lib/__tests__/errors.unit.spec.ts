import { messageOr, serverMessage, ShopApiError, uploadErrorMessage } from "../errors"

/** What the SDK throws for a non-2xx answer: the body's message, else the status text. */
class FetchErrorLike extends Error {
  constructor(
    message: string,
    public statusText: string,
    public status: number
  ) {
    super(message)
  }
}

describe("error wording", () => {
  it("shows the server's message when it sent one", () => {
    const conflict = new FetchErrorLike("Not enough stock to reopen this order", "Conflict", 409)
    expect(serverMessage(conflict)).toBe("Not enough stock to reopen this order")
    expect(messageOr(conflict, "Something went wrong")).toBe("Not enough stock to reopen this order")
  })

  it("falls back when the server sent no message or nothing answered", () => {
    expect(messageOr(new FetchErrorLike("Conflict", "Conflict", 409), "Something went wrong")).toBe(
      "Something went wrong"
    )
    expect(messageOr(new TypeError("Failed to fetch"), "Something went wrong")).toBe("Something went wrong")
    expect(messageOr(new ShopApiError(""), "Something went wrong")).toBe("Something went wrong")
    expect(messageOr("boom", "Something went wrong")).toBe("Something went wrong")
  })

  it("words upload failures as the landing editor does", () => {
    expect(uploadErrorMessage(new FetchErrorLike("Image size should be less than 5MB", "Payload Too Large", 413))).toBe(
      "Image size should be less than 5MB"
    )
    expect(uploadErrorMessage(new ShopApiError(""))).toBe("Upload failed")
    expect(uploadErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to upload image")
  })
})
