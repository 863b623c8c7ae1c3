import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import { type CategoryData, type CategoryInput, type CategoryResource, categorySchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useCreateCategory } from '../api/create-category'
import { useUpdateCategory } from '../api/update-category'

/** New category when `category` is absent, otherwise its edit form; back to the list after saving. */
export function CategoryForm({ category }: { category?: CategoryResource }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const showFailure = useFailureToast()
  const createCategory = useCreateCategory()
  const updateCategory = useUpdateCategory()
  const { control, handleSubmit, setError } = useForm<CategoryInput, unknown, CategoryData>({
    resolver: zodResolver(categorySchema),
    defaultValues: {
      name: category?.attributes.name ?? '',
      description: category?.attributes.description ?? '',
    },
  })

  const onError = (error: unknown) => {
    const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
    if (!applyFieldErrors(fields, setError, ['name', 'description'])) showFailure(error)
  }
  const onSuccess = (message: string) => () => {
    toast.success(message)
    navigate('/categories/list')
  }

  const submit = handleSubmit((values) => {
    if (category) {
      updateCategory.mutate(
        { id: category.id, ...values },
        { onSuccess: onSuccess(t('categories.edited')), onError },
      )
    } else {
      createCategory.mutate(values, { onSuccess: onSuccess(t('categories.added')), onError })
    }
  })

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
          <FormTextInput control={control} name="name" label={t('categories.name')} autoComplete="off" />
          <FormTextInput
            control={control}
            name="description"
            label={t('categories.description')}
            multiline
            minRows={3}
          />
          <Button
            type="submit"
            variant="contained"
            loading={createCategory.isPending || updateCategory.isPending}
            loadingPosition="start"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('categories.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
