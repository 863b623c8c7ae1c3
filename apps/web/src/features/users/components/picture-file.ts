import { useEffect, useState } from 'react'

/** The picture types and size the server accepts for a profile image. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024

/** Why a chosen file cannot be a profile picture, or null when it can. */
export function pictureProblem(file: File): 'pictureType' | 'pictureSize' | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'pictureType'
  return file.size > MAX_PICTURE_BYTES ? 'pictureSize' : null
}

/** A temporary address for previewing a local file, released when the file changes or the screen closes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}
