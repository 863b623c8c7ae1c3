import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import { type RoleData, type RoleInput, type RoleResource, roleSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useCreateRole } from '../api/create-role'
import { useUpdateRole } from '../api/update-role'

/** New role when `role` is absent, otherwise its edit form; back to the list after saving. */
export function RoleForm({ role }: { role?: RoleResource }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const showFailure = useFailureToast()
  const createRole = useCreateRole()
  const updateRole = useUpdateRole()
  const { control, handleSubmit, setError } = useForm<RoleInput, unknown, RoleData>({
    resolver: zodResolver(roleSchema),
    defaultValues: { name: role?.attributes.name ?? '' },
  })

  const onError = (error: unknown) => {
    const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
    if (!applyFieldErrors(fields, setError, ['name'])) showFailure(error)
  }
  const onSuccess = (message: string) => () => {
    toast.success(message)
    navigate('/roles/list')
  }

  const submit = handleSubmit((values) => {
    if (role)
      updateRole.mutate({ id: role.id, ...values }, { onSuccess: onSuccess(t('roles.edited')), onError })
    else createRole.mutate(values, { onSuccess: onSuccess(t('roles.added')), onError })
  })

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
          <FormTextInput control={control} name="name" label={t('roles.name')} autoComplete="off" />
          <Button
            type="submit"
            variant="contained"
            loading={createRole.isPending || updateRole.isPending}
            loadingPosition="start"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('roles.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
