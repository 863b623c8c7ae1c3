type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other'

/**
 * An English section shaped like its Ukrainian reference: the same keys (plural forms aside: Ukrainian has
 * one/few/many/other, English one/other), each a string.
 */
export type MessagesOf<Reference> = {
  [Name in keyof Reference as Name extends `${string}${PluralSuffix}`
    ? never
    : Name]: Reference[Name] extends string ? string : MessagesOf<Reference[Name]>
} & {
  [Name in keyof Reference as Name extends `${infer Base}_one`
    ? `${Base}_one` | `${Base}_other`
    : never]?: string
}
