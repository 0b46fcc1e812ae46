import { zodResolver } from '@hookform/resolvers/zod';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type AlterarConfiguracoes, alterarConfiguracoesSchema, MENSAGENS, type Usuario } from '@tramite/shared';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemComDetalhe } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useAlterarConfiguracoes } from './api';

const CAMPOS: readonly FieldPath<AlterarConfiguracoes>[] = ['idUnidadeAtual', 'email', 'notificacoesPorEmail'];

function FormularioConfiguracoes({ usuario }: { usuario: Usuario }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const alterar = useAlterarConfiguracoes();
  const lotado = usuario.lotacoes.some((lotacao) => lotacao.id === usuario.configuracoes.idUnidadeAtual);

  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(alterarConfiguracoesSchema),
    defaultValues: {
      idUnidadeAtual: lotado ? usuario.configuracoes.idUnidadeAtual : '',
      email: usuario.configuracoes.email ?? usuario.email ?? '',
      notificacoesPorEmail: usuario.configuracoes.notificacoesPorEmail,
    },
  });

  const salvar = handleSubmit(async (dados) => {
    try {
      await executar('Salvando configurações', () => alterar.mutateAsync(dados));
      snackbar.sucesso(MENSAGENS.usuario.configuracoesSalvas);
      await navigate('/caixa-postal');
    } catch (erro) {
      if (erro instanceof ErroHttp) {
        for (const { campo, mensagem } of erro.erros) {
          const nome = CAMPOS.find((candidato) => candidato === campo);
          if (nome) setError(nome, { type: 'server', message: mensagem });
        }
      }
      snackbar.erro(mensagemComDetalhe(MENSAGENS.usuario.erroAlterarConfiguracoes, erro));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Box component="form" noValidate onSubmit={salvar} aria-labelledby="titulo-formulario-configuracoes">
        <Typography id="titulo-formulario-configuracoes" component="h2" variant="h6" sx={{ mb: 2 }}>
          Unidade e notificações
        </Typography>
        <Stack spacing={3}>
          {usuario.lotacoes.length === 0 ? (
            <Alert severity="warning">
              Você não está lotado em nenhuma unidade. Procure a área de pessoal para regularizar sua lotação.
            </Alert>
          ) : null}
          <Controller
            name="idUnidadeAtual"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                id="campo-unidade-atual"
                label="Unidade atual"
                required
                name={field.name}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(evento) => field.onChange(Number(evento.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.type === 'server'
                    ? fieldState.error.message
                    : fieldState.error
                      ? 'Escolha a unidade atual'
                      : 'A unidade em que você está trabalhando agora.'
                }
                slotProps={{ htmlInput: { 'data-testid': 'campo-unidade-atual' } }}
              >
                {usuario.lotacoes.map((lotacao) => (
                  <MenuItem key={lotacao.id} value={lotacao.id}>
                    {lotacao.sigla} — {lotacao.nome}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="email"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                id="campo-email"
                label="E-mail para notificações"
                type="email"
                autoComplete="email"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Endereço que recebe os avisos de movimentação.'}
                slotProps={{ htmlInput: { 'data-testid': 'campo-email', maxLength: 254 } }}
              />
            )}
          />
          <Box>
            <Controller
              name="notificacoesPorEmail"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  data-testid="campo-notificacoes"
                  label="Receber notificações por e-mail"
                  control={
                    <Switch
                      name={field.name}
                      checked={field.value === true}
                      onChange={(_evento, marcado) => field.onChange(marcado)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-describedby': 'ajuda-notificacoes',
                        },
                      }}
                    />
                  }
                />
              )}
            />
            <FormHelperText id="ajuda-notificacoes" error={Boolean(errors.notificacoesPorEmail)}>
              {errors.notificacoesPorEmail?.message ??
                'Avisos de documentos recebidos pela sua unidade e de favoritos acompanhados.'}
            </FormHelperText>
          </Box>
          <Box>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveOutlined />}
              disabled={isSubmitting}
              data-testid="botao-salvar-configuracoes"
            >
              Salvar
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

export function UsuarioPage() {
  const usuario = useUsuario();
  return (
    <Pagina titulo="Configurações do usuário" tituloDocumento="Configurações">
      {usuario ? (
        <>
          <Typography sx={{ mb: 3 }}>
            {usuario.nome} ({usuario.username})
            {usuario.emailPessoal ? ` · e-mail pessoal: ${usuario.emailPessoal}` : ''}
          </Typography>
          <FormularioConfiguracoes usuario={usuario} />
        </>
      ) : null}
    </Pagina>
  );
}
