import { zodResolver } from '@hookform/resolvers/zod';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type AlterarConfiguracoes, alterarConfiguracoesSchema, MENSAGENS, type Usuario } from '@tramite/shared';
import { Controller, type FieldPath, type SubmitHandler, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CampoChaveControlado } from '../../components/formulario/CampoChaveControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { type TextosSalvamento, useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { Pagina } from '../../components/Pagina';
import { useUsuario } from '../../lib/sessao';
import { useAlterarConfiguracoes } from './api';
import { CampoResumoDiario } from './CampoResumoDiario';

const SALVAMENTO: TextosSalvamento = {
  titulo: 'Salvando configurações',
  sucesso: MENSAGENS.usuario.configuracoesSalvas,
  erro: MENSAGENS.usuario.erroAlterarConfiguracoes,
};
const CAMPOS: readonly FieldPath<AlterarConfiguracoes>[] = [
  'idUnidadeAtual',
  'email',
  'notificacoesPorEmail',
  'resumoDiarioHorario',
];

function FormularioConfiguracoes({ usuario }: { usuario: Usuario }) {
  const navigate = useNavigate();
  const alterar = useAlterarConfiguracoes();
  const lotado = usuario.lotacoes.some((lotacao) => lotacao.id === usuario.configuracoes.idUnidadeAtual);

  const formulario = useForm({
    resolver: zodResolver(alterarConfiguracoesSchema),
    defaultValues: {
      idUnidadeAtual: lotado ? usuario.configuracoes.idUnidadeAtual : '',
      email: usuario.configuracoes.email ?? usuario.email ?? '',
      notificacoesPorEmail: usuario.configuracoes.notificacoesPorEmail,
      resumoDiarioHorario: usuario.configuracoes.resumoDiarioHorario,
    },
  });
  const {
    control,
    setError,
    formState: { errors, isSubmitting },
  } = formulario;

  const salvarFormulario = useSalvarFormulario(CAMPOS, setError, SALVAMENTO);
  const salvar: SubmitHandler<AlterarConfiguracoes> = (dados) =>
    salvarFormulario(
      () => alterar.mutateAsync(dados),
      () => navigate('/caixa-postal'),
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Formulario formulario={formulario} aoEnviar={salvar} aria-labelledby="titulo-formulario-configuracoes">
        <Typography id="titulo-formulario-configuracoes" component="h2" variant="h6" sx={{ mb: 2 }}>
          Unidade e notificações
        </Typography>
        <Stack spacing={3}>
          {usuario.lotacoes.length === 0 ? (
            <Alert severity="warning">
              Você não está lotado em nenhuma unidade. Procure a área de pessoal para regularizar sua lotação.
            </Alert>
          ) : null}
          <CampoSelecaoControlado
            control={control}
            name="idUnidadeAtual"
            id="campo-unidade-atual"
            rotulo="Unidade atual"
            required
            opcoes={usuario.lotacoes.map((lotacao) => ({
              valor: lotacao.id,
              rotulo: `${lotacao.sigla} — ${lotacao.nome}`,
            }))}
            textoAjuda="A unidade em que você está trabalhando agora."
            // The server's own message when it refused the unit; otherwise the field's.
            textoErro={errors.idUnidadeAtual?.type === 'server' ? undefined : 'Escolha a unidade atual'}
            slotProps={{ htmlInput: { 'data-testid': 'campo-unidade-atual' } }}
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
          <CampoChaveControlado
            control={control}
            name="notificacoesPorEmail"
            rotulo="Receber notificações por e-mail"
            textoAjuda="Avisos de documentos recebidos pela sua unidade e de favoritos acompanhados."
            testId="campo-notificacoes"
          />
          <CampoResumoDiario control={control} />
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
      </Formulario>
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
